/**
 * Requests counted per member and per address, in fixed windows of a minute, in this process: a
 * member or address over its allowance is answered 429 until the window ends.
 */
export class RateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `who`; false when it is over the allowance. */
  take(who: string): boolean {
    const now = this.now();
    let window = this.windows.get(who);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > 10_000) this.forgetOld(now);
      window = { start: now, count: 0 };
      this.windows.set(who, window);
    }
    window.count++;
    return window.count <= this.perMinute;
  }

  private forgetOld(now: number): void {
    for (const [who, window] of this.windows) if (now - window.start >= 60_000) this.windows.delete(who);
  }
}
