/**
 * The live boards of this process: every open socket, by table. When the feed says a table's game
 * changed (here or in another process), the hub reads the stored game once and sends each of
 * that table's sockets the state as its viewer sees it. A socket that (re)connects is sent the
 * stored state at once: a board catches up from the store, never from memory.
 *
 * It also counts the spectators: the members other than the two players with the board open. Each
 * process announces its own count of a table on the feed when it changes (gathered over a short
 * while) and again every PRESENCE_BEAT_MS; a process not heard from in PRESENCE_TTL_MS counts for
 * nothing. A member watching on two processes counts twice; on one, once however many tabs.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { sideOf } from '../core/players.ts';
import type { GameChanged, GameService, Table } from '../game/service.ts';
import { messagesFor } from '../i18n/index.ts';
import { webMessagesFor } from '../i18n/web.ts';
import type { Logger } from '../log.ts';
import { boardState } from './board-state.ts';
import type { Presence } from './live-feed.ts';
import type { Session } from './sessions.ts';

/** How long joins and leaves at a table are gathered into one announcement. */
export const PRESENCE_GATHER_MS = 250;
/** How often a process announces its counts again, so that a lost message or a new process catches up. */
export const PRESENCE_BEAT_MS = 20_000;
/** A process's count is forgotten this long after its last announcement (it stopped). */
export const PRESENCE_TTL_MS = 3 * PRESENCE_BEAT_MS;

interface Viewer {
  socket: WebSocket;
  session: Session;
}

interface TableViewers {
  viewers: Set<Viewer>;
  /** The game's players, as the last state sent read them: they are not spectators. */
  players: Set<string>;
  /** The spectator count last sent to this table's boards. */
  shown: number;
}

const tableKey = (table: Table) => `${table.guildId}/${table.channelId}`;

export class LiveHub {
  private readonly tables = new Map<string, TableViewers>();
  /** Other processes' spectators, by table and process, with when each was heard. */
  private readonly elsewhere = new Map<string, Map<string, { spectators: number; heardAt: number }>>();
  private readonly gathering = new Map<string, NodeJS.Timeout>();
  private readonly beat: NodeJS.Timeout;
  /** This process, in its announcements. */
  readonly id = randomUUID();

  constructor(
    private readonly service: GameService,
    private readonly logger: Logger,
    /** The clock the modules run on: the clocks the page ticks start from it. */
    private readonly now: () => number,
    /** Announces this process's spectators of a table to every process (the feed). */
    private readonly announce: (presence: Presence) => void = () => {},
  ) {
    this.beat = setInterval(() => {
      for (const key of this.tables.keys()) this.announceNow(key);
    }, PRESENCE_BEAT_MS).unref();
  }

  /** A socket joins a table's board; it is sent the stored state now. */
  async join(table: Table, socket: WebSocket, session: Session): Promise<void> {
    const key = tableKey(table);
    const viewer = { socket, session };
    let at = this.tables.get(key);
    if (!at) {
      at = { viewers: new Set(), players: new Set(), shown: -1 };
      this.tables.set(key, at);
    }
    const joined = at;
    joined.viewers.add(viewer);
    socket.on('close', () => {
      joined.viewers.delete(viewer);
      if (joined.viewers.size === 0 && this.tables.get(key) === joined) this.tables.delete(key);
      this.gather(table);
    });
    await this.send(table, [viewer]);
    this.tell(viewer, this.spectators(table));
    this.gather(table);
  }

  /** The feed's listener: a table's game changed somewhere. */
  changed(change: GameChanged): void {
    const at = this.tables.get(tableKey(change));
    if (!at || at.viewers.size === 0) return;
    void this.send(change, [...at.viewers]);
  }

  /** The feed's listener for spectator counts: another process's count of a table. */
  heard(presence: Presence): void {
    if (presence.process === this.id) return;
    const key = tableKey(presence);
    let processes = this.elsewhere.get(key);
    if (!processes) {
      processes = new Map();
      this.elsewhere.set(key, processes);
    }
    if (presence.spectators > 0)
      processes.set(presence.process, { spectators: presence.spectators, heardAt: this.now() });
    else processes.delete(presence.process);
    if (processes.size === 0) this.elsewhere.delete(key);
    this.showSpectators(presence);
  }

  /** The members watching a table's board (not its players), on every process. */
  spectators(table: Table): number {
    const key = tableKey(table);
    let count = this.spectatorsHere(key);
    const now = this.now();
    for (const [process, heard] of this.elsewhere.get(key) ?? []) {
      if (now - heard.heardAt > PRESENCE_TTL_MS) this.elsewhere.get(key)?.delete(process);
      else count += heard.spectators;
    }
    return count;
  }

  /** How many sockets are open, for tests and health. */
  get size(): number {
    let count = 0;
    for (const { viewers } of this.tables.values()) count += viewers.size;
    return count;
  }

  closeAll(): void {
    clearInterval(this.beat);
    for (const timer of this.gathering.values()) clearTimeout(timer);
    this.gathering.clear();
    for (const { viewers } of this.tables.values()) for (const { socket } of viewers) socket.close(1001);
    this.tables.clear();
  }

  private spectatorsHere(key: string): number {
    const at = this.tables.get(key);
    if (!at) return 0;
    const members = new Set<string>();
    for (const { session } of at.viewers)
      if (!at.players.has(session.memberId)) members.add(session.memberId);
    return members.size;
  }

  /** Joins and leaves at a table, gathered: one announcement, and the boards here told. */
  private gather(table: Table): void {
    const key = tableKey(table);
    if (this.gathering.has(key)) return;
    this.gathering.set(
      key,
      setTimeout(() => {
        this.gathering.delete(key);
        this.announceNow(key);
        this.showSpectators(table);
      }, PRESENCE_GATHER_MS).unref(),
    );
  }

  private announceNow(key: string): void {
    const [guildId, channelId] = key.split('/');
    this.announce({ guildId, channelId, process: this.id, spectators: this.spectatorsHere(key) });
  }

  /** Sends a table's boards the spectator count, when it is not the one they show. */
  private showSpectators(table: Table): void {
    const at = this.tables.get(tableKey(table));
    if (!at) return;
    const count = this.spectators(table);
    if (count === at.shown) return;
    at.shown = count;
    for (const viewer of at.viewers) this.tell(viewer, count);
  }

  private tell({ socket, session }: Viewer, count: number): void {
    if (socket.readyState !== socket.OPEN) return;
    const text = count > 0 ? webMessagesFor(session.locale).spectators({ count }) : '';
    socket.send(JSON.stringify({ spectators: { count, text } }));
  }

  /**
   * Sends `viewers` the table's stored state. Every spectator of one language is shown the same
   * state: it is made and written out once for them all, so a move reaches a crowd at the cost of
   * its socket writes (bench/web.ts).
   */
  private async send(table: Table, viewers: Viewer[]): Promise<void> {
    try {
      const record = await this.service.records.gameForRecord({
        guildId: table.guildId,
        channelId: table.channelId,
      });
      const at = this.tables.get(tableKey(table));
      if (at && record) at.players = new Set([record.players.attackers.id, record.players.defenders.id]);
      const now = this.now();
      const written = new Map<string, string>();
      for (const { socket, session } of viewers) {
        if (socket.readyState !== socket.OPEN) continue;
        const side = record ? sideOf(record.players, session.memberId) : null;
        const key = `${session.locale}|${side ? session.memberId : 'spectator'}`;
        let message = written.get(key);
        if (message === undefined) {
          const state = record
            ? boardState(messagesFor(session.locale), record, session.memberId, now)
            : null;
          message = JSON.stringify({ state });
          written.set(key, message);
        }
        socket.send(message);
      }
    } catch (error) {
      this.logger.warn('web board: could not read a game for its live boards', {
        error: (error as Error).message,
      });
    }
  }
}
