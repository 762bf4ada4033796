/**
 * The web board as a Discord Activity, on the server: the page Discord frames (at `/`, where the
 * Developer Portal's URL mapping sends the Activity) and its sign-in, POST /api/activity/token: the
 * code the page got from the SDK's `authorize` is exchanged for a token and the member identified
 * (discord-oauth.ts), then the same kind of session the personal link opens is started. Its token
 * goes back in the answer, not in a cookie: inside Discord's frame a cookie is third-party, which
 * Safari, Firefox, Chrome without third-party cookies and Discord's mobile apps refuse, and a
 * SameSite cookie would not be sent there anyway. The page keeps it in memory and sends it as a
 * Bearer token on each request and as its live socket's first message.
 */
import type { FastifyInstance } from 'fastify';
import { signInWords } from '../i18n/web.ts';
import type { Logger } from '../log.ts';
import type { DiscordOAuth, SignIn } from './discord-oauth.ts';
import type { Page } from './page.ts';
import { RateLimit } from './rate-limit.ts';
import { ACTIVITY_SESSION_TTL_MS, type Sessions } from './sessions.ts';

export interface ActivityParts {
  clientId: string;
  oauth: DiscordOAuth;
  sessions: Sessions;
  page: Page;
  logger: Logger;
  /** The page's Content-Security-Policy; only Discord may frame it. */
  csp: string;
  /** Whether a request comes from the board's own page (its origin). */
  fromPage: (origin: string | undefined) => boolean;
}

/** Where Discord serves an Activity: the origin of its page, and of its requests, inside Discord. */
export const activityOrigin = (clientId: string) => `https://${clientId}.discordsays.com`;

/** Discord's clients frame an Activity (its web and desktop apps, and the proxy's own frame). */
export const DISCORD_FRAME_ANCESTORS = [
  'https://discord.com',
  'https://*.discord.com',
  'https://discordapp.com',
  'https://*.discordapp.com',
  'https://*.discordsays.com',
].join(' ');

const SNOWFLAKE = /^\d{1,20}$/;
/** Discord's codes are some 30 letters and digits; anything far from that is not one. */
const CODE = /^[A-Za-z0-9_-]{8,128}$/;

const REFUSED: Record<Exclude<SignIn, { ok: true }>['reason'], { status: number; text: string }> = {
  'code-refused': {
    status: 401,
    text: 'Discord did not confirm who you are (the sign-in was not valid or was used already). Close the board and open it again.',
  },
  'not-a-member': { status: 403, text: 'You are not a member of the server this board belongs to.' },
  'discord-unavailable': { status: 502, text: 'Discord did not answer. Try again in a moment.' },
};

export function activityRoutes(app: FastifyInstance, parts: ActivityParts): void {
  // Each sign-in costs three calls to Discord: fewer per address than other requests.
  const signIns = new RateLimit(20);
  // The page picks the member's language before it can ask the server (web/activity.ts).
  const html = parts.page.activityHtml(parts.clientId, signInWords());

  app.get('/', (_request, reply) =>
    reply.header('Content-Security-Policy', parts.csp).type('text/html; charset=utf-8').send(html),
  );
  app.get('/activity.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(parts.page.activityScript),
  );

  app.post('/api/activity/token', async (request, reply) => {
    if (!parts.fromPage(request.headers.origin)) return reply.code(403).send({ error: 'wrong origin' });
    if (!signIns.take(request.ip)) return reply.code(429).send({ error: 'too many requests' });
    const { code, guildId } = (request.body ?? {}) as { code?: unknown; guildId?: unknown };
    if (
      typeof code !== 'string' ||
      !CODE.test(code) ||
      typeof guildId !== 'string' ||
      !SNOWFLAKE.test(guildId)
    )
      return reply.code(400).send({ error: 'a sign-in is {code, guildId}' });
    const signIn = await parts.oauth.signIn(code, guildId);
    if (!signIn.ok) {
      if (signIn.reason === 'discord-unavailable')
        parts.logger.warn('web board: Discord did not answer an Activity sign-in');
      const refused = REFUSED[signIn.reason];
      return reply.code(refused.status).send({ error: refused.text, code: signIn.reason });
    }
    const session = await parts.sessions.open({ ...signIn.member, guildId }, ACTIVITY_SESSION_TTL_MS);
    return { session, accessToken: signIn.accessToken };
  });
}
