import { withoutCommitGate } from '../../store/index.ts';

/**
 * A piece of background work (the AI's turns, challenge expiry, turn alerts, tournaments, the daily
 * puzzle posts) that runs once at a time: a nudge while it runs asks for one more run after it,
 * however many nudges came meanwhile. A job says what one run does and what a failed run logs.
 */
export abstract class BackgroundJob {
  private running: Promise<void> | null = null;
  private again = false;

  /** One run: deals with everything due now. */
  protected abstract run(): Promise<void>;

  /** A run that threw: logged, and the next nudge runs again. */
  protected abstract failed(error: unknown): void;

  /** Runs now, or once more after the run under way. */
  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    // Background work: commits in it are no interaction's (see commit-gate.ts).
    this.running = withoutCommitGate(() => this.run())
      .catch((error: unknown) => this.failed(error))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Resolves when no run is under way (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Asks for another run once this one ends (work found while running). */
  protected runAgain(): void {
    this.again = true;
  }
}
