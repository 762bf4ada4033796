/** The AI's turns, claimed from their schedule like the clocks' deadlines: any process may take one. */
import type { Store } from '../store/index.ts';
import { entryFor, readEntry, SCHEDULES } from './clock.ts';
import type { Table } from './table.ts';
import type { ActiveGame } from './types.ts';

/** A game where it is the AI's turn, claimed for this process. */
export interface AiTurn extends Table {
  gameId: string;
  ply: number;
}

/**
 * How long a claim on an AI turn lasts. The claimer holds it again every third of this while it
 * thinks, so a turn whose process died falls due for another within this time, and one that is
 * still thinking keeps it.
 */
export const AI_TURN_LEASE_MS = 5000;

/**
 * Games where it is the AI's turn, claimed for this process for `leaseMs` (a crash before the
 * move is played lets another process take the turn when the lease ends). An entry whose game
 * moved on is dropped.
 */
export async function claimAiTurns(
  store: Store,
  board: (table: Table) => Promise<ActiveGame | null>,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<AiTurn[]> {
  const claimed = await store.claimDue(SCHEDULES.aiTurns, now, leaseMs, limit);
  const turns: AiTurn[] = [];
  for (const { group, member } of claimed) {
    const entry = readEntry(member);
    const turn = entry ? { guildId: group, ...entry } : null;
    const active = turn ? await board(turn) : null;
    if (turn && active && active.id === turn.gameId && active.game.plyCount === turn.ply && active.ai)
      turns.push(turn);
    else await store.commit([], [{ schedule: SCHEDULES.aiTurns, group, member, at: null }]);
  }
  return turns;
}

/** Moves a claimed turn's lease on to `now + leaseMs`, while its claimer is still thinking. */
export async function holdAiTurn(store: Store, turn: AiTurn, now: number, leaseMs: number): Promise<void> {
  const member = entryFor({ guildId: turn.guildId, channelId: turn.channelId, id: turn.gameId }, turn.ply);
  await store.commit([], [{ schedule: SCHEDULES.aiTurns, group: turn.guildId, member, at: now + leaseMs }]);
}
