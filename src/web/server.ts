/**
 * The web board's HTTP server (Fastify) and its live socket (ws): the page, the personal link's
 * opening, the game's state, a move, signing out, and with an Activity its page and sign-in
 * (activity-routes.ts). Every request but /open and the sign-in needs a session: the cookie, or
 * the Activity's token as a Bearer header (on the socket, its first message). A move goes through
 * the same service call as /move.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { WebSocketServer } from 'ws';
import type { Player } from '../core/players.ts';
import type { Side } from '../engine/index.ts';
import type { ActiveGame, GameService, Outcome, Table } from '../game/service.ts';
import { isPrivatePool, POOL_ID, privatePool } from '../game/table.ts';
import { failure, success } from '../game/types.ts';
import { failureText, messagesFor } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { activityOrigin, activityRoutes, DISCORD_FRAME_ANCESTORS } from './activity-routes.ts';
import { boardState } from './board-state.ts';
import type { DiscordOAuth } from './discord-oauth.ts';
import type { LiveHub } from './hub.ts';
import type { LinkSigner } from './links.ts';
import type { Page } from './page.ts';
import { RateLimit } from './rate-limit.ts';
import { SESSION_COOKIE, SESSION_TTL_MS, type Session, type Sessions } from './sessions.ts';
import { studyRoutes } from './study-routes.ts';
import { StudyThinker } from './study-thinker.ts';

export interface WebServerParts {
  publicUrl: string;
  service: GameService;
  /** The clock the modules run on (src/app.ts). */
  now: () => number;
  links: LinkSigner;
  sessions: Sessions;
  hub: LiveHub;
  page: Page;
  logger: Logger;
  /** Posts the usual board message in the channel after a move made on the web board. */
  onMoved: (played: Played) => Promise<void>;
  /** Posts the usual message in the channel after a resignation, a draw, a take-back or more time on the web board. */
  onAction: (done: WebActionDone) => Promise<void>;
  /** The Activity (with CLIENT_SECRET): the application's id and its OAuth2 sign-in. */
  activity?: { clientId: string; oauth: DiscordOAuth };
  /** The AI's view on the analysis board (default: its own worker, made when first asked). */
  thinker?: StudyThinker;
  /** Whether a member may see a channel of their server (its games' boards); without it, every channel. */
  canView?: (table: Table, memberId: string) => Promise<boolean>;
}

export type Played = Extract<Awaited<ReturnType<GameService['play']['move']>>, { ok: true }>['value'];

/** A player's action on the web board besides moving, as the page names it. */
export const WEB_ACTIONS = ['resign', 'draw', 'undo', 'accept-undo', 'more-time'] as const;
export type WebAction = (typeof WEB_ACTIONS)[number];

/** What an action on the web board did, for the channel's message. */
export type WebActionDone =
  | { kind: 'resigned' | 'drawn'; game: ActiveGame; nextGame?: ActiveGame }
  | { kind: 'draw-offered'; game: ActiveGame; by: string }
  | { kind: 'undo-asked'; game: ActiveGame; by: string; ply: number }
  | { kind: 'taken-back'; game: ActiveGame; undone: string }
  | { kind: 'more-time'; game: ActiveGame; given: number; to: Side };

const csp = (frameAncestors: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
const CSP = csp("'none'");

const SNOWFLAKE = /^\d{1,20}$/;
const SQUARE = /^[a-z]\d{1,2}$/;

export function webServer(parts: WebServerParts): FastifyInstance {
  const { service, sessions, publicUrl } = parts;
  const secure = publicUrl.startsWith('https:');
  // Inside Discord the page is served from the Activity's own origin, through Discord's proxy.
  const origins = new Set([publicUrl, ...(parts.activity ? [activityOrigin(parts.activity.clientId)] : [])]);
  const fromPage = (origin: string | undefined) => origin !== undefined && origins.has(origin);
  const perAddress = new RateLimit(240);
  const perMember = new RateLimit(120);
  // No request logging: a request's address would carry /open's token.
  const app = Fastify({ logger: false, bodyLimit: 4096, trustProxy: false });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
    if (!perAddress.take(request.ip)) return reply.code(429).send({ error: 'too many requests' });
  });

  const sessionOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Session | null> => {
    const session = await sessions.find(tokenOf(request.headers));
    if (!session) {
      await reply.code(401).type('text/plain; charset=utf-8').send(NO_SESSION);
      return null;
    }
    if (!perMember.take(session.memberId)) {
      await reply.code(429).send({ error: 'too many requests' });
      return null;
    }
    return session;
  };
  /** Whether the session's member may see the table's channel: on its own server, a channel they can view. */
  const mayView = async (table: Table, session: Session): Promise<boolean> => {
    if (table.guildId !== session.guildId) return false;
    // A DM's pool is its one conversation, which the member was in when they pressed for the link.
    if (isPrivatePool(table.guildId)) return table.guildId === privatePool(table.channelId);
    return !parts.canView || (await parts.canView(table, session.memberId));
  };
  /** The table of `/…/:guildId/:channelId`, when the session may see it. */
  const tableOf = async (request: FastifyRequest, session: Session): Promise<Table | null> => {
    const { guildId, channelId } = request.params as { guildId: string; channelId: string };
    if (!POOL_ID.test(guildId) || !SNOWFLAKE.test(channelId)) return null;
    const table = { guildId, channelId };
    return (await mayView(table, session)) ? table : null;
  };

  app.get('/open', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const reading = typeof token === 'string' ? parts.links.read(token, parts.now()) : null;
    if (!reading?.ok)
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('This link is not valid or has expired. Ask the bot for a new one (the Web board button).');
    const { claim } = reading;
    const cookie = await sessions.open({
      memberId: claim.memberId,
      name: claim.name,
      guildId: claim.guildId,
      locale: claim.locale,
    });
    reply.header('Set-Cookie', sessionCookie(cookie, SESSION_TTL_MS / 1000, secure));
    const to = claim.gameId
      ? `/study/${claim.guildId}/${claim.gameId}`
      : `/game/${claim.guildId}/${claim.channelId}`;
    return reply.redirect(to, 303);
  });

  app.get('/game/:guildId/:channelId', async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return reply;
    if (!(await tableOf(request, session))) return reply.code(404).send({ error: 'no such game' });
    return reply.type('text/html; charset=utf-8').send(parts.page.html);
  });
  app.get('/board.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(parts.page.script),
  );
  app.get('/board.css', (_request, reply) => reply.type('text/css; charset=utf-8').send(parts.page.style));

  app.get('/api/game/:guildId/:channelId', async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return reply;
    const table = await tableOf(request, session);
    const record = table ? await service.records.gameForRecord(table) : null;
    if (!record) return reply.code(404).send({ error: 'no game here' });
    return { state: boardState(messagesFor(session.locale), record, session.memberId, parts.now()) };
  });

  /**
   * A player's change from the page: from the page's origin, signed in, at a table the session may
   * see, with a body `read` takes; made through the service, the channel told as after a command,
   * and the new state answered. A refusal is answered as plain text (never HTML or markdown).
   */
  function playerChange<Input, Done>(
    path: string,
    shape: string,
    read: (body: Record<string, unknown>) => Input | null,
    change: (table: Table, player: Player, input: Input) => Promise<Outcome<Done>>,
    tell: (done: Done) => Promise<void>,
  ): void {
    app.post(`/api/game/:guildId/:channelId/${path}`, async (request, reply) => {
      if (!fromPage(request.headers.origin)) return reply.code(403).send({ error: 'wrong origin' });
      const session = await sessionOf(request, reply);
      if (!session) return reply;
      const table = await tableOf(request, session);
      const input = read((request.body ?? {}) as Record<string, unknown>);
      if (!table || input === null) return reply.code(400).send({ error: shape });
      const m = messagesFor(session.locale);
      const outcome = await change(table, { id: session.memberId, name: session.name }, input);
      if (!outcome.ok) return reply.code(409).send({ error: failureText(m, outcome), code: outcome.code });
      await tell(outcome.value).catch((error: unknown) =>
        parts.logger.warn(`web board: could not tell the channel (${path})`, {
          error: (error as Error).message,
        }),
      );
      const record = await service.records.gameForRecord(table);
      return { state: record ? boardState(m, record, session.memberId, parts.now()) : null };
    });
  }

  playerChange(
    'move',
    'a move is {from, to, ply}',
    ({ from, to, ply }) =>
      typeof from === 'string' &&
      typeof to === 'string' &&
      SQUARE.test(from) &&
      SQUARE.test(to) &&
      Number.isInteger(ply)
        ? { text: `${from}-${to}`, ply: ply as number }
        : null,
    (table, player, { text, ply }) => service.play.move(table, player, text, parts.now(), ply),
    parts.onMoved,
  );

  playerChange(
    'action',
    'an action is {action, gameId, ply}',
    ({ action, gameId, ply }) =>
      WEB_ACTIONS.includes(action as WebAction) &&
      typeof gameId === 'string' &&
      gameId.length <= 40 &&
      Number.isInteger(ply)
        ? { action: action as WebAction, gameId, ply: ply as number }
        : null,
    (table, player, { action, gameId, ply }) => webAction(service, table, player, action, gameId, ply),
    parts.onAction,
  );

  app.post('/signout', async (request, reply) => {
    if (!fromPage(request.headers.origin)) return reply.code(403).send({ error: 'wrong origin' });
    await sessions.end(tokenOf(request.headers));
    if (cookieOf(request.headers.cookie)) reply.header('Set-Cookie', sessionCookie('', 0, secure));
    return { signedOut: true };
  });

  const thinker = parts.thinker ?? new StudyThinker();
  studyRoutes(app, { service, page: parts.page, thinker, sessionOf, tableOf, mayView, fromPage });

  if (parts.activity)
    activityRoutes(app, {
      ...parts.activity,
      sessions,
      page: parts.page,
      logger: parts.logger,
      csp: csp(DISCORD_FRAME_ANCESTORS),
      fromPage,
    });

  // The live socket: same session, same origin, then the hub keeps it up to date. The browser's
  // cookie is checked before the upgrade; the Activity's token comes as the first message after it.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void upgrade(request, socket, head);
  });
  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    };
    const path = /^\/live\/(\d{1,20}|dm-\d{1,20})\/(\d{1,20})$/.exec(request.url ?? '');
    if (!path) return refuse('404 Not Found');
    if (!fromPage(request.headers.origin)) return refuse('403 Forbidden');
    const address = request.socket.remoteAddress ?? 'unknown';
    if (!perAddress.take(address)) return refuse('429 Too Many Requests');
    const table = { guildId: path[1], channelId: path[2] };
    const cookie = cookieOf(request.headers.cookie);
    if (cookie || !parts.activity) {
      const session = await sessions.find(cookie).catch(() => null);
      if (!session || session.guildId !== table.guildId) return refuse('401 Unauthorized');
      if (!(await mayView(table, session).catch(() => false))) return refuse('404 Not Found');
      if (!perMember.take(session.memberId)) return refuse('429 Too Many Requests');
      sockets.handleUpgrade(request, socket, head, (ws) => {
        ws.on('message', () => {}); // the page only listens; it moves over HTTP
        void parts.hub.join(table, ws, session);
      });
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      // 4401 tells the page to sign in again; an unsigned socket is closed after ten seconds.
      const timer = setTimeout(() => ws.close(4401, 'no session'), 10_000);
      ws.once('close', () => clearTimeout(timer));
      ws.once('message', async (data) => {
        clearTimeout(timer);
        ws.on('message', () => {});
        const session = await sessions.find(sessionIn(data.toString())).catch(() => null);
        if (!session || session.guildId !== table.guildId) return ws.close(4401, 'no session');
        if (!(await mayView(table, session).catch(() => false))) return ws.close(4404, 'no such game');
        if (!perMember.take(session.memberId)) return ws.close(4429, 'too many requests');
        if (ws.readyState === ws.OPEN) await parts.hub.join(table, ws, session);
      });
    });
  }
  // Closing: every board is told (1001, going away: it reconnects, to another process or to this
  // one started again) and its connection ended before the server stops, whose close would
  // otherwise wait on the open sockets (preClose: onClose runs only once the server has closed).
  app.addHook('preClose', async () => {
    parts.hub.closeAll();
    sockets.close();
    for (const socket of sockets.clients) socket.terminate();
  });
  app.addHook('onClose', async () => {
    await thinker.close();
  });
  return app;
}

/**
 * A player's action through the same service calls as the commands and buttons. It names the
 * game and the ply the page showed, so that one left open on an older game or position acts on nothing.
 */
async function webAction(
  service: GameService,
  table: Table,
  player: Player,
  action: WebAction,
  gameId: string,
  ply: number,
): Promise<Outcome<WebActionDone>> {
  const active = await service.play.board(table);
  if (!active || active.id !== gameId) return failure('game-gone');
  if (action === 'accept-undo') {
    const answered = await service.play.answerUndo(table, player, gameId, ply, true);
    if (!answered.ok) return answered;
    const { game, undone } = answered.value;
    return undone ? success({ kind: 'taken-back', game, undone }) : failure('stale-undo');
  }
  if (active.game.plyCount !== ply) return failure('position-changed');
  switch (action) {
    case 'resign': {
      const resigned = await service.play.resign(table, player);
      return resigned.ok ? success({ kind: 'resigned', ...resigned.value }) : resigned;
    }
    case 'draw': {
      const offered = await service.play.offerDraw(table, player);
      if (!offered.ok) return offered;
      const { game, agreed, nextGame } = offered.value;
      return success(
        agreed ? { kind: 'drawn', game, nextGame } : { kind: 'draw-offered', game, by: player.id },
      );
    }
    case 'undo': {
      const asked = await service.play.requestUndo(table, player);
      return asked.ok
        ? success({ kind: 'undo-asked', game: asked.value.game, by: player.id, ply: asked.value.ply })
        : asked;
    }
    case 'more-time': {
      const given = await service.play.giveMoreTime(table, player, gameId);
      return given.ok ? success({ kind: 'more-time', ...given.value }) : given;
    }
  }
}

const NO_SESSION =
  'You are not signed in to this board. Open it with your personal link: the Web board button under a board in Discord.';

/** The session's token: the Activity's Bearer header, else the browser's cookie. */
function tokenOf(headers: IncomingMessage['headers']): string | undefined {
  const bearer = /^Bearer (\S+)$/.exec(headers.authorization ?? '');
  return bearer ? bearer[1] : cookieOf(headers.cookie);
}

/** The token in the Activity's first message on its socket, `{"session": "..."}`. */
function sessionIn(message: string): string | undefined {
  try {
    const { session } = JSON.parse(message) as { session?: unknown };
    return typeof session === 'string' ? session : undefined;
  } catch {
    return undefined;
  }
}

function cookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return undefined;
}

function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(maxAgeSeconds)}${secure ? '; Secure' : ''}`;
}
