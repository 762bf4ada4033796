/**
 * Game reviews as the bot runs them: in an AI worker of their own (one thread, so a review never
 * takes more than one core from the bot and never waits behind, or delays, an AI game's move),
 * one run per game however many ask at once, and the result kept with the archived game. A few
 * games are reviewed at once, no more (AnalysisBusyError), and a member waits for one /analyze
 * at a time.
 */
import { AiPlayer } from '../../ai/player.ts';
import { type GameReview, reviewGame } from '../../analysis/review.ts';
import type { Game } from '../../engine/index.ts';
import type { GameService } from '../../game/service.ts';

/** What the AI has for each position: a 120-ply game takes about 25 s. */
export const MS_PER_POSITION = 200;
/** Games reviewed at once, at most: they share one thread, so the last of them takes this many times as long. */
export const MOST_REVIEWS = 3;

export class AnalysisBusyError extends Error {
  override name = 'AnalysisBusyError';
}

type Progress = (done: number, total: number) => void;

export class AnalysisRuns {
  private readonly running = new Map<string, { review: Promise<GameReview>; listeners: Set<Progress> }>();
  private player: AiPlayer | null = null;
  /** Members waiting for a review or its plot. */
  private readonly waitingMembers = new Set<string>();
  /** Reviews started (not joined), since the bot started. */
  started = 0;

  constructor(
    private readonly service: GameService,
    private readonly msPerPosition = MS_PER_POSITION,
  ) {}

  /**
   * Lets a member wait for /analyze's work unless they wait already: the function returned ends
   * their wait; null when they already wait.
   */
  admit(memberId: string): (() => void) | null {
    if (this.waitingMembers.has(memberId)) return null;
    this.waitingMembers.add(memberId);
    return () => this.waitingMembers.delete(memberId);
  }

  /** Whether a review of the game may be asked for now: one is under way, or there is room for one. */
  canRun(guildId: string, gameId: string): boolean {
    return this.running.has(`${guildId}/${gameId}`) || this.running.size < MOST_REVIEWS;
  }

  /** The review of a guild's finished game: joined to one under way, or started (AnalysisBusyError when too many run). */
  run(guildId: string, gameId: string, game: Game, progress: Progress): Promise<GameReview> {
    const key = `${guildId}/${gameId}`;
    const current = this.running.get(key);
    if (current) {
      current.listeners.add(progress);
      return current.review;
    }
    if (this.running.size >= MOST_REVIEWS)
      return Promise.reject(new AnalysisBusyError('too many reviews at once'));
    this.started++;
    const listeners = new Set<Progress>([progress]);
    const review = this.review(guildId, gameId, game, listeners).finally(() => this.running.delete(key));
    this.running.set(key, { review, listeners });
    return review;
  }

  private async review(
    guildId: string,
    gameId: string,
    game: Game,
    listeners: Set<Progress>,
  ): Promise<GameReview> {
    this.player ??= new AiPlayer();
    const player = this.player;
    const reviewed = await reviewGame(
      game,
      async (position) => {
        // A draw the review scores as even, whatever the player at the board would make of it.
        const move = await player.think(position, 'normal', this.msPerPosition, { contempt: false });
        return { best: move.notation, score: move.score };
      },
      {
        msPerPosition: this.msPerPosition,
        progress: (done, total) => {
          for (const listener of listeners) listener(done, total);
        },
      },
    );
    await this.service.records.saveReview(guildId, gameId, reviewed);
    return reviewed;
  }

  async close(): Promise<void> {
    await this.player?.close();
    this.player = null;
  }
}
