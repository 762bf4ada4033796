/** The server's puzzle table: members by puzzle rating, with their streaks and the server's. */
import type { Store } from '../store/index.ts';
import { currentStreak, dayOf } from './days.ts';
import { puzzleKeys } from './keys.ts';
import type { PuzzleStandingRow, PuzzleStandingsDoc } from './types.ts';

export interface PuzzleTable {
  rows: (PuzzleStandingRow & { currentStreak: number })[];
  serverStreak: number;
  bestStreak: number;
}

export async function puzzleTable(store: Store, guildId: string, now: () => number): Promise<PuzzleTable> {
  const read = await store.read<PuzzleStandingsDoc>(puzzleKeys.standings(guildId));
  const today = dayOf(now());
  const rows = Object.values(read?.value.members ?? {})
    .map((row) => ({ ...row, currentStreak: currentStreak(row.streak, row.lastDaily, today) }))
    .sort((a, b) => b.rating.rating - a.rating.rating || b.solved - a.solved || a.name.localeCompare(b.name));
  const server = read?.value.server;
  return {
    rows,
    serverStreak: server ? currentStreak(server.streak, server.lastDay, today) : 0,
    bestStreak: server?.best ?? 0,
  };
}
