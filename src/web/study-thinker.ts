/**
 * The AI's view of a position on the analysis board, asked for by a member: thought in the AI's
 * worker thread (never on the event loop that serves the boards), one question at a time per
 * member, and a few waiting at most in this process; past that the member is told to ask again.
 */
import type { AiMove } from '../ai/index.ts';
import { AiPlayer } from '../ai/player.ts';
import type { Game } from '../engine/index.ts';

/** What the AI has for a question: a second and a half, as long as a review's look at three positions. */
export const THINK_MS = 1500;
/** Questions asked or waiting at once in this process, at most: the last waits this many times THINK_MS. */
export const MOST_QUESTIONS = 3;

export type Thought = { ok: true; move: AiMove } | { ok: false; reason: 'busy' | 'one-at-a-time' };

export class StudyThinker {
  private readonly asking = new Set<string>();
  private player: AiPlayer | null = null;
  /** The questions in turn: one worker thinks about one position at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Questions answered since the process started (for tests and health). */
  answered = 0;

  constructor(
    private readonly msPerQuestion = THINK_MS,
    private readonly most = MOST_QUESTIONS,
  ) {}

  async think(memberId: string, game: Game): Promise<Thought> {
    if (this.asking.has(memberId)) return { ok: false, reason: 'one-at-a-time' };
    if (this.asking.size >= this.most) return { ok: false, reason: 'busy' };
    this.asking.add(memberId);
    try {
      this.player ??= new AiPlayer();
      const player = this.player;
      // A draw is even for both sides here, as in a review, whatever the AI would play for.
      const thought = this.queue.then(() =>
        player.think(game, 'normal', this.msPerQuestion, { contempt: false }),
      );
      this.queue = thought.catch(() => {});
      const move = await thought;
      this.answered++;
      return { ok: true, move };
    } finally {
      this.asking.delete(memberId);
    }
  }

  async close(): Promise<void> {
    await this.player?.close();
    this.player = null;
  }
}
