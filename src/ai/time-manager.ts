/**
 * When the search stops. A hard deadline at the budget, checked as it goes; and between
 * iterations, a deeper one is not started when it could not finish in time (its length foreseen
 * from the last two), nor, once the best move has held for a few iterations, past a share of the
 * budget: the search thinks to the end of its budget only while its best move keeps changing.
 */

/** Of the budget, past how much a settled search starts no new iteration. */
const SETTLED_SHARE = 0.6;
/** Iterations with the same best move after which the search counts as settled. */
const SETTLED_AFTER = 3;

export class TimeManager {
  private readonly started = performance.now();
  private readonly deadline: number;
  private lastIteration = 0;
  private iterationBefore = 0;
  private iterationStarted = this.started;
  private sameBest = 0;
  private best = 0;

  constructor(private readonly budgetMs: number) {
    this.deadline = this.started + budgetMs;
  }

  /** Past the hard deadline: the search throws its current iteration away. */
  expired(): boolean {
    return performance.now() > this.deadline;
  }

  /** An iteration finished with `best` as its move. */
  finished(best: number): void {
    const now = performance.now();
    this.iterationBefore = this.lastIteration;
    this.lastIteration = now - this.iterationStarted;
    this.iterationStarted = now;
    this.sameBest = best === this.best ? this.sameBest + 1 : 0;
    this.best = best;
  }

  /** Whether to start the next iteration. */
  mayStartAnother(): boolean {
    const elapsed = performance.now() - this.started;
    if (this.sameBest >= SETTLED_AFTER && elapsed > this.budgetMs * SETTLED_SHARE) return false;
    // The next iteration costs about as many times the last as the last cost the one before it.
    const growth =
      this.iterationBefore > 0.5 ? Math.min(4, Math.max(1.5, this.lastIteration / this.iterationBefore)) : 3;
    return elapsed + this.lastIteration * growth <= this.budgetMs;
  }
}

/** Time a move costs the AI on the clock besides its thinking (claiming the turn, committing the move). */
export const CLOCK_OVERHEAD_MS = 250;
/** The least the AI thinks, even short of time. */
const MIN_BUDGET_MS = 30;

/**
 * The AI's budget for a move on a Fischer clock, from its time left and the increment: a
 * thirtieth of the time left (less what each move costs besides thinking) plus most of the
 * increment, never more than a quarter of what is left nor the level's own time. The increment
 * comes back each move, so a game of any length is played within the clock.
 */
export function clockBudget(levelMs: number, leftMs: number, incrementMs: number): number {
  const usable = Math.max(0, leftMs - CLOCK_OVERHEAD_MS);
  const share = usable / 30 + incrementMs * 0.8;
  return Math.round(Math.max(MIN_BUDGET_MS, Math.min(levelMs, share, usable / 4)));
}
