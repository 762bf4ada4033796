/**
 * Discord's client, played in a real browser for the Activity's tests: a page at https://discord.com
 * that frames the Activity as Discord does (https://<app>.discordsays.com/?frame_id=...&guild_id=...
 * &channel_id=..., sandboxed) and answers the Embedded App SDK's postMessage protocol: the
 * handshake (opcode 0) with the READY dispatch, then each command frame (opcode 1: AUTHORIZE,
 * AUTHENTICATE, CAPTURE_LOG) with a response carrying the command's nonce, or an ERROR event;
 * the Activity closing itself (opcode 2) is noted as CLOSE.
 * AUTHORIZE is the member accepting the dialog: the emulator issues their code. Discord's proxy
 * is played too: the Activity's origin is routed to the bot's web board, HTTP and WebSocket,
 * with the Origin header the proxy passes on.
 */
import type { BrowserContext, Frame, Page } from 'playwright-core';
import WebSocket from 'ws';
import type { DiscordEmulator, EmulatedUser } from '../discord-emulator/index.ts';

export interface Launch {
  emulator: DiscordEmulator;
  /** Where the bot's web board listens: what the Developer Portal's URL mapping points at. */
  boardUrl: string;
  user: EmulatedUser;
  channelId: string;
  /** The code Discord's client hands the page for AUTHORIZE; by default a fresh one for `user`. */
  code?: (scopes: string[]) => string;
  viewport?: { width: number; height: number };
}

export interface Launched {
  page: Page;
  /** The Activity's frame: the board page inside Discord. */
  frame: Frame;
  /** The codes handed to the page, and the commands it sent (and CLOSE), in order. */
  codes: string[];
  commands: string[];
}

/** Opens the Activity for `launch.user` in a browser context of its own (no shared cookies). */
export async function openActivity(context: BrowserContext, launch: Launch): Promise<Launched> {
  const { emulator, user } = launch;
  const clientId = emulator.applicationId;
  const origin = `https://${clientId}.discordsays.com`;
  const codes: string[] = [];
  const commands: string[] = [];

  await context.route('https://discord.com/**', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: parentPage(launch, origin) }),
  );
  // Discord's proxy: the Activity's requests reach the board with their path, query and Origin.
  await context.route(`${origin}/**`, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `${launch.boardUrl}${url.pathname}${url.search}`,
      headers: await route.request().allHeaders(),
    });
    await route.fulfill({ response });
  });
  await context.routeWebSocket(new RegExp(`^wss://${clientId}\\.discordsays\\.com/`), (socket) => {
    const server = new WebSocket(
      `${launch.boardUrl.replace(/^http/, 'ws')}${new URL(socket.url()).pathname}`,
      {
        origin,
      },
    );
    const waiting: string[] = [];
    server.on('open', () => {
      for (const message of waiting.splice(0)) server.send(message);
    });
    socket.onMessage((message) => {
      if (server.readyState === WebSocket.OPEN) server.send(String(message));
      else waiting.push(String(message));
    });
    server.on('message', (data) => socket.send(data.toString()));
    server.on('close', (code, reason) =>
      socket.close({ code: code === 1005 || code === 1006 ? 1000 : code, reason: reason.toString() }),
    );
    server.on('error', () => socket.close());
    socket.onClose(() => server.close());
  });

  await context.exposeFunction('discordAuthorize', (args: { client_id?: string; scope?: string[] }) => {
    if (args.client_id !== clientId) return { error: { code: 4007, message: 'Invalid client id' } };
    const code = launch.code ? launch.code(args.scope ?? []) : emulator.authorize(user, args.scope ?? []);
    codes.push(code);
    return { data: { code } };
  });
  await context.exposeFunction('discordAuthenticate', (args: { access_token?: string }) => {
    const grant = emulator.oauth2.bearer(args.access_token ?? '');
    if (!grant) return { error: { code: 4009, message: 'Invalid token' } };
    const who = emulator.state.userJson(grant.user);
    return {
      data: {
        access_token: args.access_token,
        user: { ...who, public_flags: 0 },
        scopes: grant.scopes,
        expires: new Date(grant.expires).toISOString(),
        application: { id: clientId, name: emulator.botUser.username, description: '', icon: null },
      },
    };
  });
  await context.exposeFunction('discordCommand', (command: string) => {
    commands.push(command);
  });

  const page = await context.newPage();
  if (launch.viewport) await page.setViewportSize(launch.viewport);
  const guildId = emulator.state.channels.get(launch.channelId)?.guildId ?? emulator.guildId;
  await page.goto(`https://discord.com/channels/${guildId}/${launch.channelId}`);
  const frame = await waitForFrame(page, origin);
  return { page, frame, codes, commands };
}

async function waitForFrame(page: Page, origin: string): Promise<Frame> {
  for (let tries = 0; tries < 100; tries++) {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(origin));
    if (frame) return frame;
    await page.waitForTimeout(50);
  }
  throw new Error(`no frame of ${origin}`);
}

/** The page Discord's client would be: the Activity's frame, and the RPC server behind it. */
function parentPage(launch: Launch, origin: string): string {
  const { emulator, user, channelId } = launch;
  const guildId = emulator.state.channels.get(channelId)?.guildId ?? emulator.guildId;
  const query = new URLSearchParams({
    instance_id: `i-${channelId}`,
    location_id: `gc-${guildId}-${channelId}`,
    launch_id: '1',
    frame_id: `frame-${user.id}`,
    platform: 'desktop',
    guild_id: guildId,
    channel_id: channelId,
  });
  const ready = {
    v: 1,
    config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' },
    user: { id: user.id, username: user.username, discriminator: '0' },
  };
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Discord</title>
<style>html, body { margin: 0; height: 100%; } iframe { display: block; border: 0; width: 100vw; height: 100vh; }</style>
</head><body>
<iframe src="${origin}/?${query}" sandbox="allow-scripts allow-same-origin allow-forms allow-popups" allow="autoplay; encrypted-media"></iframe>
<script>
const frame = document.querySelector('iframe');
const send = (message) => frame.contentWindow.postMessage(message, ${JSON.stringify(origin)});
window.addEventListener('message', async (event) => {
  if (event.source !== frame.contentWindow || event.origin !== ${JSON.stringify(origin)}) return;
  const [opcode, payload] = event.data;
  if (opcode === 0) {
    send([1, { cmd: 'DISPATCH', evt: 'READY', nonce: null, data: ${JSON.stringify(ready)} }]);
    return;
  }
  if (opcode === 2) await window.discordCommand('CLOSE');
  if (opcode !== 1) return;
  const { cmd, args, nonce } = payload;
  await window.discordCommand(cmd);
  let answer = { error: { code: 4002, message: 'Unknown command ' + cmd } };
  if (cmd === 'AUTHORIZE') answer = await window.discordAuthorize(args);
  else if (cmd === 'AUTHENTICATE') answer = await window.discordAuthenticate(args);
  else if (cmd === 'CAPTURE_LOG') answer = { data: null };
  if (answer.error) send([1, { cmd, evt: 'ERROR', nonce, data: answer.error }]);
  else send([1, { cmd, evt: null, nonce, data: answer.data }]);
});
</script>
</body></html>`;
}
