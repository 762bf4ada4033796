/**
 * What `npm start` checks before the bot's modules load, and the one line it says when the bot
 * cannot start. Imports nothing, so that it loads on any Node.js, even one too old for the rest.
 */

/**
 * Why this Node.js cannot run the bot, or null when it can. The bot needs `zlib.crc32`, which came
 * in Node.js 20.15 and 22.2 (21 never had it): an older Node fails at module load.
 */
export function nodeVersionProblem(version: string): string | null {
  const match = /^v?(\d+)\.(\d+)/.exec(version.trim());
  if (!match) return null; // Not a version we can read: let it try.
  const [major, minor] = [Number(match[1]), Number(match[2])];
  const supported = (major === 20 && minor >= 15) || (major === 22 && minor >= 2) || major >= 23;
  if (supported) return null;
  return `Cannot start: the bot needs Node.js 20.15 or newer (22.2 or newer on 22; 21 lacks what it needs), and this is Node.js ${version.replace(/^v/, '')}. Install Node.js 22 LTS (https://nodejs.org, or \`nvm install 22\`) and run npm start again.`;
}

/** Network failures: Discord (or DISCORD_API_URL) did not answer at all. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * Why logging in to Discord failed, for the one log line that ends the process. Never the token:
 * only the error's code and message, which discord.js words without it.
 */
export function discordLoginProblem(error: unknown): string {
  const { code, status, name, message } = (error ?? {}) as {
    code?: unknown;
    status?: unknown;
    name?: unknown;
    message?: unknown;
  };
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (code === 'TokenInvalid' || status === 401)
    return 'Discord refused the bot token: DISCORD_TOKEN is wrong or was reset. Copy the current token from the Developer Portal (Bot → Reset Token) into .env';
  if (
    UNREACHABLE.has(String(code)) ||
    UNREACHABLE.has(String(cause)) ||
    name === 'AbortError' ||
    message === 'fetch failed'
  )
    return `Discord does not answer (${String(code ?? cause ?? name)}): check the network, or DISCORD_API_URL if it is set`;
  if (code === 'DisallowedIntents')
    return 'Discord refused the gateway intents the bot asks for (DisallowedIntents)';
  if (typeof status === 'number' && status >= 500)
    return `Discord answers with errors right now (HTTP ${status}): try again later`;
  return `Discord refused the login: ${typeof message === 'string' ? message : String(error)}`;
}
