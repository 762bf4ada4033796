import { withoutCommitGate } from '../../store/index.ts';

/**
 * A piece of background work (the AI's turns, challenge expiry) that runs once at a time: a
 * nudge while it runs asks for one more run after it, however many nudges came meanwhile.
 */
export class OneRunAtATime {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    // Background work: commits in it are no interaction's (see commit-gate.ts).
    this.running = withoutCommitGate(() => this.run())
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Asks for another run once this one ends (work found while running). */
  runAgain(): void {
    this.again = true;
  }

  /** Resolves when no run is under way. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
