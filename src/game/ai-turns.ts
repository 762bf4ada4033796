/** The AI's turns, claimed from their schedule like the clocks' deadlines: any process may take one. */
import type { Store } from '../store/index.ts';
import { readEntry, SCHEDULES } from './clock.ts';
import type { Table } from './table.ts';
import type { ActiveGame } from './types.ts';

/** A game where it is the AI's turn, claimed for this process. */
export interface AiTurn extends Table {
  gameId: string;
  ply: number;
}

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
