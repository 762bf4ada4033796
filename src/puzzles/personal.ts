/**
 * A member's own mistakes as puzzles: each position of a reviewed game where they made a mistake
 * or a blunder, to find a better move in; and when each comes back (spaced repetition, by UTC
 * days: solved, again in 1, then 3, 7 and 21 days, and solved after those 21 it retires; failed,
 * again tomorrow). Pure: the store and the AI are the service's (personal-service.ts).
 */
import type { Allowed } from '../analysis/answer-rating.ts';
import type { GameReview } from '../analysis/review.ts';
import { Game, type Side, serializeGame } from '../engine/index.ts';
import { DAY_MS, dayOf } from './days.ts';

/** Days until a solved puzzle comes back, by how many times in a row it was solved; solved once more after the last, it retires. */
export const SOLVED_INTERVALS_DAYS = [1, 3, 7, 21] as const;
/** Days until a failed puzzle comes back. */
export const FAILED_INTERVAL_DAYS = 1;
/** Puzzles a member keeps in a server at most; past this, the oldest (by when they were added) are retired first. */
export const MOST_PERSONAL = 200;

export interface PersonalPuzzle {
  /** `<game id>-<ply>`: one puzzle for each mistake. */
  id: string;
  gameId: string;
  /** The 1-based ply of the mistake in its game. */
  ply: number;
  /** The position before the mistake, as a game record with no moves (src/engine/record.ts). */
  record: string;
  side: Side;
  /** The move played in the game. */
  played: string;
  verdict: 'mistake' | 'blunder';
  /** The review's better move, when it named one: it solves the puzzle (answer-rating.ts). */
  better: string | null;
  /** The winning-chance curve's scale of the review, so answers are graded on its scale (absent in older puzzles). */
  winChanceScale?: number;
  addedAt: number;
  /** The UTC day it is due (`2026-11-23`): shown by `/puzzle mine` from that day on. */
  due: string;
  /** Times solved in a row (0 when new or just failed). */
  streak: number;
  solved: number;
  failed: number;
  /** The AI's line after the move played, worked out at the first answer and kept. */
  refutation?: { line: string[]; allowed: Allowed };
}

/** A member's personal puzzles in a server: `{<guild>}:puzzle-personal:<user>`. */
export interface PersonalDoc {
  schema: 1;
  puzzles: PersonalPuzzle[];
  /** The puzzle last shown to the member, which their answer goes to. */
  open: string | null;
  /** Puzzles retired so far: learned (solved through every interval) or made way for newer ones. */
  retired: number;
}

export const emptyPersonalDoc = (): PersonalDoc => ({ schema: 1, puzzles: [], open: null, retired: 0 });

export const isMistake = (verdict: string | null): verdict is 'mistake' | 'blunder' =>
  verdict === 'mistake' || verdict === 'blunder';

/** The puzzles of `side`'s mistakes and blunders in a reviewed game, due today. */
export function mistakesOf(
  gameId: string,
  game: Game,
  review: GameReview,
  side: Side,
  now: number,
): PersonalPuzzle[] {
  const wanted = new Map(
    review.moves
      .filter((move) => move.side === side && isMistake(move.verdict))
      .map((move) => [move.ply, move]),
  );
  if (wanted.size === 0) return [];
  const replay = new Game({
    variant: game.variant,
    position: game.setup.position,
    sideToMove: game.setup.sideToMove,
  });
  const puzzles: PersonalPuzzle[] = [];
  for (const move of game.history()) {
    const reviewed = wanted.get(move.ply);
    if (reviewed && isMistake(reviewed.verdict)) {
      const before = new Game({
        variant: game.variant,
        position: replay.position(),
        sideToMove: replay.turn,
      });
      puzzles.push({
        id: `${gameId}-${move.ply}`,
        gameId,
        ply: move.ply,
        record: serializeGame(before),
        side,
        played: `${move.from}-${move.to}`,
        verdict: reviewed.verdict,
        better: reviewed.better,
        ...(review.winChanceScale === undefined ? {} : { winChanceScale: review.winChanceScale }),
        addedAt: now,
        due: dayOf(now),
        streak: 0,
        solved: 0,
        failed: 0,
      });
    }
    replay.play(move);
  }
  return puzzles;
}

/**
 * The doc with `fresh` added (those it has already are kept as they stand), the oldest retired
 * first past MOST_PERSONAL; how many were added.
 */
export function withAdded(doc: PersonalDoc, fresh: PersonalPuzzle[]): { doc: PersonalDoc; added: number } {
  const known = new Set(doc.puzzles.map((puzzle) => puzzle.id));
  const added = fresh.filter((puzzle) => !known.has(puzzle.id));
  const all = [...doc.puzzles, ...added];
  // Oldest first; among those added together, in the order of their game.
  const order = (a: PersonalPuzzle, b: PersonalPuzzle) => a.addedAt - b.addedAt;
  const kept = all.length > MOST_PERSONAL ? [...all].sort(order).slice(all.length - MOST_PERSONAL) : all;
  const keptIds = new Set(kept.map((puzzle) => puzzle.id));
  return {
    doc: {
      ...doc,
      puzzles: all.filter((puzzle) => keptIds.has(puzzle.id)),
      open: doc.open && keptIds.has(doc.open) ? doc.open : null,
      retired: doc.retired + (all.length - kept.length),
    },
    added: added.filter((puzzle) => keptIds.has(puzzle.id)).length,
  };
}

/** The puzzles due on `today`, the longest waiting first (then in the order they were added). */
export function dueOn(doc: PersonalDoc, today: string): PersonalPuzzle[] {
  return doc.puzzles
    .filter((puzzle) => puzzle.due <= today)
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0) || a.addedAt - b.addedAt);
}

/** When the next puzzle not due on `today` is due, or null when none is waiting. */
export function nextDue(doc: PersonalDoc, today: string): string | null {
  const later = doc.puzzles.map((puzzle) => puzzle.due).filter((due) => due > today);
  return later.length > 0 ? later.sort()[0] : null;
}

export type Rescheduled = { retired: true } | { retired: false; due: string; days: number };

/** When a puzzle answered at `now` comes back: solved, after its next interval (or never, past the last); failed, tomorrow. */
export function rescheduled(puzzle: PersonalPuzzle, solved: boolean, now: number): Rescheduled {
  if (!solved)
    return { retired: false, due: dayOf(now + FAILED_INTERVAL_DAYS * DAY_MS), days: FAILED_INTERVAL_DAYS };
  const days = SOLVED_INTERVALS_DAYS[puzzle.streak];
  if (days === undefined) return { retired: true };
  return { retired: false, due: dayOf(now + days * DAY_MS), days };
}

/** The doc after the member answered `puzzle` at `now`: rescheduled or retired, closed, its refutation kept. */
export function afterAnswer(
  doc: PersonalDoc,
  puzzle: PersonalPuzzle,
  solved: boolean,
  now: number,
  refutation: PersonalPuzzle['refutation'],
): { doc: PersonalDoc; next: Rescheduled } {
  const next = rescheduled(puzzle, solved, now);
  const puzzles = next.retired
    ? doc.puzzles.filter((kept) => kept.id !== puzzle.id)
    : doc.puzzles.map((kept) =>
        kept.id !== puzzle.id
          ? kept
          : {
              ...kept,
              due: next.due,
              streak: solved ? kept.streak + 1 : 0,
              solved: kept.solved + (solved ? 1 : 0),
              failed: kept.failed + (solved ? 0 : 1),
              refutation: kept.refutation ?? refutation,
            },
      );
  return {
    doc: { ...doc, puzzles, open: null, retired: doc.retired + (next.retired ? 1 : 0) },
    next,
  };
}
