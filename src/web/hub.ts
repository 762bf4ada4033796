/**
 * The live boards of this process: every open socket, by table. When the feed says a table's game
 * changed (here or in another process), the hub reads the stored game once and sends each of
 * that table's sockets the state as its viewer sees it. A socket that (re)connects is sent the
 * stored state at once: a board catches up from the store, never from memory.
 */
import type { WebSocket } from 'ws';
import type { GameChanged, GameService, Table } from '../game/service.ts';
import { messagesFor } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { boardState } from './board-state.ts';
import type { Session } from './sessions.ts';

interface Viewer {
  socket: WebSocket;
  session: Session;
}

const tableKey = (table: Table) => `${table.guildId}/${table.channelId}`;

export class LiveHub {
  private readonly tables = new Map<string, Set<Viewer>>();

  constructor(
    private readonly service: GameService,
    private readonly logger: Logger,
    /** The clock the modules run on: the clocks the page ticks start from it. */
    private readonly now: () => number,
  ) {}

  /** A socket joins a table's board; it is sent the stored state now. */
  async join(table: Table, socket: WebSocket, session: Session): Promise<void> {
    const key = tableKey(table);
    const viewer = { socket, session };
    let viewers = this.tables.get(key);
    if (!viewers) {
      viewers = new Set();
      this.tables.set(key, viewers);
    }
    viewers.add(viewer);
    socket.on('close', () => {
      viewers.delete(viewer);
      if (viewers.size === 0 && this.tables.get(key) === viewers) this.tables.delete(key);
    });
    await this.send(table, [viewer]);
  }

  /** The feed's listener: a table's game changed somewhere. */
  changed(change: GameChanged): void {
    const viewers = this.tables.get(tableKey(change));
    if (!viewers || viewers.size === 0) return;
    void this.send(change, [...viewers]);
  }

  /** How many sockets are open, for tests and health. */
  get size(): number {
    let count = 0;
    for (const viewers of this.tables.values()) count += viewers.size;
    return count;
  }

  closeAll(): void {
    for (const viewers of this.tables.values()) for (const { socket } of viewers) socket.close(1001);
    this.tables.clear();
  }

  private async send(table: Table, viewers: Viewer[]): Promise<void> {
    try {
      const record = await this.service.records.gameForRecord({
        guildId: table.guildId,
        channelId: table.channelId,
      });
      for (const { socket, session } of viewers) {
        if (socket.readyState !== socket.OPEN) continue;
        const state = record
          ? boardState(messagesFor(session.locale), record, session.memberId, this.now())
          : null;
        socket.send(JSON.stringify({ state }));
      }
    } catch (error) {
      this.logger.warn('web board: could not read a game for its live boards', {
        error: (error as Error).message,
      });
    }
  }
}
