/**
 * Looking back and studying, on the server: a position of the table's game (any ply; moves played
 * on once the game is over), a finished game with its review (the study page at
 * /study/:guild/:game), positions of it and moves played on from them (the analysis board), and the
 * AI's view of such a position on request (study-thinker.ts). The positions are the engine's: the
 * page sends plies and moves, never a board.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Game, loadGame } from '../engine/index.ts';
import type { GameService, Table } from '../game/service.ts';
import { POOL_ID } from '../game/table.ts';
import { ABORTED } from '../game/types.ts';
import { failureText, type Messages, messagesFor } from '../i18n/index.ts';
import { webMessagesFor } from '../i18n/web.ts';
import { situationText } from './board-state.ts';
import type { Page } from './page.ts';
import type { Session } from './sessions.ts';
import { aiView, MOST_LINE_PLIES, positionState, replayTo, studyState } from './study.ts';
import type { StudyThinker } from './study-thinker.ts';

export interface StudyParts {
  service: GameService;
  page: Page;
  thinker: StudyThinker;
  /** The session of a request, or null once it has been answered (401, 429). */
  sessionOf: (request: FastifyRequest, reply: FastifyReply) => Promise<Session | null>;
  /** The table of `/…/:guildId/:channelId`, when the session may see it. */
  tableOf: (request: FastifyRequest, session: Session) => Promise<Table | null>;
  /** Whether the session's member may see a table's channel. */
  mayView: (table: Table, session: Session) => Promise<boolean>;
  fromPage: (origin: string | undefined) => boolean;
}

const GAME_ID = /^[\w-]{1,40}$/;

/** `{ply, line}` as the page sends it, or null. */
function readAt(body: unknown): { ply: number; line: string[] } | null {
  const { ply, line = [] } = (body ?? {}) as { ply?: unknown; line?: unknown };
  if (!Number.isInteger(ply) || !Array.isArray(line) || line.length > MOST_LINE_PLIES) return null;
  if (!line.every((move) => typeof move === 'string' && move.length <= 8)) return null;
  return { ply: ply as number, line: line as string[] };
}

export function studyRoutes(app: FastifyInstance, parts: StudyParts): void {
  const { service } = parts;

  /** A finished game of the session's server, by the `:guildId/:gameId` of the request. */
  async function finishedGame(request: FastifyRequest, session: Session) {
    const { guildId, gameId } = request.params as { guildId: string; gameId: string };
    if (!POOL_ID.test(guildId) || !GAME_ID.test(gameId) || guildId !== session.guildId) return null;
    const archived = await service.records.archived(guildId, gameId);
    // A game of a channel the member cannot see is, to them, no game at all.
    if (!archived || !(await parts.mayView({ guildId, channelId: archived.channelId }, session))) return null;
    return { guildId, gameId, archived, game: loadGame(archived.record) };
  }

  app.get('/study/:guildId/:gameId', async (request, reply) => {
    const session = await parts.sessionOf(request, reply);
    if (!session) return reply;
    if (!(await finishedGame(request, session)))
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(webMessagesFor(session.locale).noSuchGame);
    return reply.type('text/html; charset=utf-8').send(parts.page.html);
  });

  app.get('/api/study/:guildId/:gameId', async (request, reply) => {
    const session = await parts.sessionOf(request, reply);
    if (!session) return reply;
    const m = messagesFor(session.locale);
    const found = await finishedGame(request, session);
    if (!found) return reply.code(404).send({ error: webMessagesFor(session.locale).noSuchGame });
    const { archived, game, gameId, guildId } = found;
    const situation = situationText(m, webMessagesFor(m.language), {
      game,
      players: archived.players,
      aborted: archived.reason === ABORTED,
    });
    const review = await service.records.review(guildId, gameId);
    return {
      study: studyState(m, { gameId, game, players: archived.players, situation }, review, session.memberId),
    };
  });

  /**
   * A question about a position of a finished game, from the page: signed in, `{ply, line}` read,
   * and the position replayed by the engine before `answer` is asked.
   */
  function aboutPosition(
    path: string,
    answer: (
      reply: FastifyReply,
      asked: {
        session: Session;
        m: Messages;
        gameId: string;
        at: { ply: number; line: string[] };
        game: Game;
      },
    ) => Promise<unknown> | unknown,
  ): void {
    app.post(`/api/study/:guildId/:gameId/${path}`, async (request, reply) => {
      if (!parts.fromPage(request.headers.origin)) return reply.code(403).send({ error: 'wrong origin' });
      const session = await parts.sessionOf(request, reply);
      if (!session) return reply;
      const m = messagesFor(session.locale);
      const at = readAt(request.body);
      if (!at) return reply.code(400).send({ error: 'a position is {ply, line}' });
      const found = await finishedGame(request, session);
      if (!found) return reply.code(404).send({ error: webMessagesFor(session.locale).noSuchGame });
      const position = replayTo(m, found.game, at.ply, at.line, true);
      if (!position.ok) return reply.code(409).send({ error: position.error });
      return answer(reply, { session, m, gameId: found.gameId, at, game: position.value });
    });
  }

  aboutPosition('position', (_reply, { m, gameId, at, game }) => ({
    position: positionState(m, gameId, at, game, true),
  }));

  aboutPosition('think', async (reply, { session, m, gameId, at, game }) => {
    if (game.isGameOver())
      return reply.code(409).send({ error: positionState(m, gameId, at, game, false).situation });
    const thought = await parts.thinker.think(session.memberId, game);
    if (!thought.ok) {
      const words = webMessagesFor(session.locale);
      return reply.code(429).send({ error: thought.reason === 'busy' ? words.aiBusy : words.aiOneAtATime });
    }
    return { ai: aiView(m, game, thought.move), ply: at.ply, line: at.line };
  });

  /** Looking back in the table's game: any ply; played on from it only once the game is over. */
  app.post('/api/game/:guildId/:channelId/position', async (request, reply) => {
    if (!parts.fromPage(request.headers.origin)) return reply.code(403).send({ error: 'wrong origin' });
    const session = await parts.sessionOf(request, reply);
    if (!session) return reply;
    const m = messagesFor(session.locale);
    const table = await parts.tableOf(request, session);
    const at = readAt(request.body);
    const { gameId } = (request.body ?? {}) as { gameId?: unknown };
    if (!table || !at || typeof gameId !== 'string')
      return reply.code(400).send({ error: 'a position is {gameId, ply, line}' });
    const record = await service.records.gameForRecord(table);
    if (!record || record.id !== gameId)
      return reply.code(409).send({ error: failureText(m, { code: 'game-gone' }) });
    const position = replayTo(m, record.game, at.ply, at.line, record.finished);
    if (!position.ok) return reply.code(409).send({ error: position.error });
    return { position: positionState(m, record.id, at, position.value, record.finished) };
  });
}
