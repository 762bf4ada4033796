/**
 * A member's own mistakes as puzzles, kept in the store: added from a reviewed game by one of its
 * players, shown when due, answered and rescheduled (personal.ts). Every change is one
 * compare-and-set commit of the member's document, built again from a fresh read when it lost a
 * race (transact.ts): a member answering from two places at once has one answer counted, and the
 * other told so.
 *
 * Whether an answer is good enough is judged as the review judged the game's move (the review's
 * better move, kept with the puzzle, solves it; src/analysis/answer-rating.ts), with the thinking
 * passed in, so the bot can run it in a worker; it is done before the commit, outside it.
 */
import { type AnswerRating, rateAnswer, refute, type Think } from '../analysis/answer-rating.ts';
import type { GameReview } from '../analysis/review.ts';
import { failure as coreFailure, type Failure, type FailureParams, type Outcome } from '../core/outcome.ts';
import { type Player, sideOf } from '../core/players.ts';
import { commit } from '../core/transaction.ts';
import { type Game, loadGame, type PlayedMove, type Side } from '../engine/index.ts';
import type { Store } from '../store/index.ts';
import { dayOf } from './days.ts';
import type { PersonalFailureCode } from './failures.ts';
import { puzzleKeys } from './keys.ts';
import {
  afterAnswer,
  dueOn,
  emptyPersonalDoc,
  mistakesOf,
  nextDue,
  type PersonalDoc,
  type PersonalPuzzle,
  type Rescheduled,
  withAdded,
} from './personal.ts';
import { transact } from './transact.ts';
import type { PuzzleOutcomeCode } from './types.ts';

/** Every code a personal puzzle's outcome may carry: its own, and the puzzles'. */
export type PersonalOutcomeCode = PersonalFailureCode | PuzzleOutcomeCode;
export type PersonalFailure = Failure<PersonalOutcomeCode>;
export type PersonalOutcome<T> = Outcome<T, PersonalOutcomeCode>;

const failure = (code: PersonalOutcomeCode, params: FailureParams = {}): PersonalFailure =>
  coreFailure(code, params);

/** A personal puzzle as shown: its position, and how many are due now (it among them). */
export interface ShownPersonal {
  puzzle: PersonalPuzzle;
  game: Game;
  due: number;
}

/** What pressing a review's button did: puzzles added, and the one shown (null when none is due). */
export interface Practice {
  added: number;
  /** The member's mistakes in the game. */
  mistakes: number;
  shown: ShownPersonal | null;
  /** When one is next due, if none is now. */
  next: string | null;
}

export interface AnswerResult {
  puzzle: PersonalPuzzle;
  /** The position after the answer. */
  game: Game;
  answer: PlayedMove;
  rating: AnswerRating;
  next: Rescheduled;
  /** Puzzles still due now. */
  due: number;
}

/** A game and its review, from the archive, as /analyze kept them. */
export interface ReviewedGame {
  gameId: string;
  game: Game;
  players: Record<Side, Player>;
  review: GameReview;
}

export class PersonalPuzzles {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  /**
   * Adds a player's mistakes and blunders in a reviewed game to their puzzles, and opens the first
   * of them that is due (else the first due of any game). Only the game's two players may.
   */
  practise(guildId: string, player: Player, source: ReviewedGame): Promise<PersonalOutcome<Practice>> {
    const { players } = source;
    const side = sideOf(players, player.id);
    if (!side)
      return Promise.resolve(
        failure('not-a-player', { attackers: players.attackers.name, defenders: players.defenders.name }),
      );
    const now = this.now();
    const fresh = mistakesOf(source.gameId, source.game, source.review, side, now);
    if (fresh.length === 0) return Promise.resolve(failure('no-mistakes'));
    const key = puzzleKeys.personal(guildId, player.id);
    return transact(this.store, [], async () => {
      const read = await this.store.read<PersonalDoc>(key);
      const { doc, added } = withAdded(read?.value ?? emptyPersonalDoc(), fresh);
      const today = dayOf(now);
      const due = dueOn(doc, today);
      const chosen = due.find((puzzle) => puzzle.gameId === source.gameId) ?? due[0] ?? null;
      const opened: PersonalDoc = { ...doc, open: chosen?.id ?? doc.open };
      const value: Practice = {
        added,
        mistakes: fresh.length,
        shown: chosen ? { puzzle: chosen, game: loadGame(chosen.record), due: due.length } : null,
        next: chosen ? null : nextDue(doc, today),
      };
      const changed = added > 0 || opened.open !== read?.value.open;
      return commit(changed ? [{ key, value: opened, expectRevision: read?.revision ?? 0 }] : [], value);
    });
  }

  /** The member's open puzzle if it is still due, else the next due one, opened. */
  async next(guildId: string, userId: string): Promise<PersonalOutcome<ShownPersonal>> {
    const key = puzzleKeys.personal(guildId, userId);
    return transact<ShownPersonal, PersonalOutcomeCode>(this.store, [], async () => {
      const read = await this.store.read<PersonalDoc>(key);
      if (!read || read.value.puzzles.length === 0) return failure('no-personal-puzzles');
      const today = dayOf(this.now());
      const due = dueOn(read.value, today);
      const chosen = due.find((puzzle) => puzzle.id === read.value.open) ?? due[0];
      if (!chosen) return failure('nothing-due', { next: nextDue(read.value, today) ?? today });
      const shown = { puzzle: chosen, game: loadGame(chosen.record), due: due.length };
      const writes =
        read.value.open === chosen.id
          ? []
          : [{ key, value: { ...read.value, open: chosen.id }, expectRevision: read.revision }];
      return commit(writes, shown);
    });
  }

  /** The member's open puzzle, while it is due (for suggesting moves). */
  async open(guildId: string, userId: string): Promise<ShownPersonal | null> {
    const read = await this.store.read<PersonalDoc>(puzzleKeys.personal(guildId, userId));
    if (!read) return null;
    const due = dueOn(read.value, dayOf(this.now()));
    const open = due.find((puzzle) => puzzle.id === read.value.open);
    return open ? { puzzle: open, game: loadGame(open.record), due: due.length } : null;
  }

  /**
   * The member's answer to their open puzzle: rated by the AI (`think`), then the puzzle
   * rescheduled (solved: its next interval; failed: tomorrow) and closed. An answer to a puzzle
   * answered meanwhile (from elsewhere) is refused and counts for nothing.
   */
  async answer(
    guildId: string,
    player: Player,
    text: string,
    think: Think,
  ): Promise<PersonalOutcome<AnswerResult>> {
    const key = puzzleKeys.personal(guildId, player.id);
    const read = await this.store.read<PersonalDoc>(key);
    const asked =
      read && dueOn(read.value, dayOf(this.now())).find((puzzle) => puzzle.id === read.value.open);
    if (!asked) return failure('no-personal-open');
    const start = () => loadGame(asked.record);
    const game = start();
    const tried = game.tryPlay(text);
    if (!tried.ok) return { ok: false, code: tried.refusal.code, params: { ...tried.refusal.params } };
    const answered = `${tried.move.from}-${tried.move.to}`;
    const rating = await rateAnswer(start, answered, think, asked);
    const refutation = asked.refutation ?? (await refute(start, asked.played, think));
    return transact<AnswerResult, PersonalOutcomeCode>(this.store, [], async () => {
      const fresh = await this.store.read<PersonalDoc>(key);
      const puzzle = fresh?.value.puzzles.find((kept) => kept.id === asked.id);
      // Answered meanwhile: closed, or answered and opened again.
      if (
        !fresh ||
        !puzzle ||
        fresh.value.open !== asked.id ||
        puzzle.solved + puzzle.failed !== asked.solved + asked.failed
      )
        return failure('personal-answered');
      const now = this.now();
      const { doc, next } = afterAnswer(fresh.value, puzzle, rating.solved, now, refutation);
      const result: AnswerResult = {
        puzzle: { ...puzzle, refutation: puzzle.refutation ?? refutation },
        game,
        answer: tried.move,
        rating,
        next,
        due: dueOn(doc, dayOf(now)).length,
      };
      return commit([{ key, value: doc, expectRevision: fresh.revision }], result);
    });
  }
}
