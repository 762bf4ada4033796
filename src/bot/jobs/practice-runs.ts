/**
 * The AI's judgement of answers to members' own puzzles, as the bot runs it: in an AI worker of
 * its own (started by the first answer, so it never waits behind an AI game's move or a review),
 * one search at a time (a search queued behind another in the worker would overrun its time),
 * one answer at a time a member, and a few answers under way in all.
 */
import { AiPlayer } from '../../ai/player.ts';
import type { Think } from '../../analysis/answer-rating.ts';

/** The most one search of an answer may take; an answer makes at most eight (src/analysis/answer-rating.ts). */
export const THINK_MS = 400;
/** Answers judged at once, at most: they share one thread, so the last of them waits for the others. */
export const MOST_ANSWERS = 4;
/** How long the first search waits for the worker to load (beyond it, the AI's short fallback search answers). */
const WARM_MS = 10_000;

export class PracticeRuns {
  private player: AiPlayer | null = null;
  private readonly members = new Set<string>();
  /** The searches, one after the other. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Answers judged since the bot started. */
  judged = 0;

  constructor(private readonly thinkMs = THINK_MS) {}

  /**
   * Lets a member's answer be judged: the function returned ends its turn; 'waiting' when one of
   * theirs is being judged, 'busy' when too many are.
   */
  admit(memberId: string): (() => void) | 'waiting' | 'busy' {
    if (this.members.has(memberId)) return 'waiting';
    if (this.members.size >= MOST_ANSWERS) return 'busy';
    this.members.add(memberId);
    this.judged++;
    return () => this.members.delete(memberId);
  }

  /** The AI's look at a position, in the worker, after the searches asked for before it. */
  readonly think: Think = (position, maxDepth) => {
    const search = this.queue.then(async () => {
      this.player ??= new AiPlayer();
      // Loaded before the search's time starts, so the first answer is not judged by the short fallback search.
      await Promise.race([
        this.player.warm().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, WARM_MS).unref()),
      ]);
      const move = await this.player.think(position, 'normal', this.thinkMs, { maxDepth });
      return { best: move.notation, score: move.score, depth: move.depth };
    });
    this.queue = search.catch(() => {});
    return search;
  };

  async close(): Promise<void> {
    await this.queue;
    await this.player?.close();
    this.player = null;
  }
}
