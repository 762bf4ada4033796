/**
 * Why the puzzles refuse, as stable codes: the daily and catalogue puzzles', and the personal
 * (practice) puzzles'. The words are the catalogues' (src/i18n/puzzles.ts, practice.ts), by code.
 */
import type { StoreFailureCode } from '../core/outcome.ts';

/** Why the puzzles refused, as a stable code; the words are the catalogues' (`m.puzzles.failures`). */
export type PuzzleFailureCode =
  | 'no-puzzles'
  | 'no-puzzles-for-variant'
  | 'no-puzzle-open'
  | 'puzzle-changed'
  | 'busy'
  | 'bad-hour'
  | 'no-daily-setup'
  | StoreFailureCode;

/** Why the personal puzzles refused, as a stable code; the words are the `practice` catalogue's. */
export type PersonalFailureCode =
  | 'not-a-player'
  | 'no-mistakes'
  | 'no-personal-puzzles'
  | 'nothing-due'
  | 'no-personal-open'
  | 'personal-answered';
