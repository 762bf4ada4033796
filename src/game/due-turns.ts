/**
 * What falls due in games, for any bot process to claim: turns whose time ran out or whose player
 * is to be reminded (sweeper.ts), and turns the AI is to play (ai-turns.ts).
 */
import type { Store } from '../store/index.ts';
import { AI_TURN_LEASE_MS, type AiTurn, claimAiTurns, holdAiTurn } from './ai-turns.ts';
import { awayAmong } from './away.ts';
import type { GameChanges } from './game-changes.ts';
import { keys } from './keys.ts';
import { type SweepResult, sweepClocks } from './sweeper.ts';
import type { Table } from './table.ts';
import type { StoredGame } from './types.ts';

export class DueTurns {
  constructor(
    private readonly store: Store,
    private readonly changes: GameChanges,
    private readonly now: () => number,
  ) {}

  /** Ends the games whose player on turn ran out of time and finds the players to remind (sweeper.ts). */
  sweep(limit = 50): Promise<SweepResult> {
    return sweepClocks(
      this.store,
      (table, extraSchedules, apply) =>
        this.changes.change(table, 'clock', { onTurnOnly: false, extraSchedules }, apply),
      this.now(),
      (table) => this.awayPlayers(table),
      limit,
    );
  }

  /** The players of the table's game away on vacation, with when they went (read only when a deadline falls due). */
  private async awayPlayers(table: Table): Promise<ReadonlyMap<string, number>> {
    const stored = (await this.store.read<StoredGame>(keys.game(table.guildId, table.channelId)))?.value;
    if (!stored) return new Map();
    return awayAmong(this.store, table.guildId, [stored.players.attackers.id, stored.players.defenders.id]);
  }

  /** Games where it is the AI's turn, claimed for this process for `leaseMs` (see ai-turns.ts). */
  claimAiTurns(leaseMs = AI_TURN_LEASE_MS, limit = 1): Promise<AiTurn[]> {
    return claimAiTurns(this.store, (table) => this.changes.board(table), this.now(), leaseMs, limit);
  }

  /** Keeps a claimed AI turn this process's for another `leaseMs` while it thinks. */
  holdAiTurn(turn: AiTurn, leaseMs = AI_TURN_LEASE_MS): Promise<void> {
    return holdAiTurn(this.store, turn, this.now(), leaseMs);
  }
}
