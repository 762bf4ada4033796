/**
 * Plays the AI's turns. Any bot process may play any AI game: turns are claimed from the store's
 * schedule one at a time and held while the AI thinks, so each is played once (the move is
 * committed only at the ply it was thought out for), and a turn left by a process that died falls
 * due within the claim's lease and is taken up by the next look (every clock sweep, and at start).
 */
import { LEVELS } from '../../ai/index.ts';
import type { AiPlayer } from '../../ai/player.ts';
import { clockBudget } from '../../ai/time-manager.ts';
import { AI_TURN_LEASE_MS, type AiTurn } from '../../game/ai-turns.ts';
import { timeLeft } from '../../game/fischer.ts';
import type { GameService } from '../../game/service.ts';
import type { Logger } from '../../log.ts';
import type { PostToTable } from '../discord/reach.ts';
import { moveAnnouncement, secondGame } from '../views/announcements.ts';
import type { BoardPictures } from '../views/board-pictures.ts';
import { humansOf } from '../views/present.ts';
import { BackgroundJob } from './background-job.ts';

export class AiDriver extends BackgroundJob {
  constructor(
    private readonly service: GameService,
    private readonly now: () => number,
    private readonly ai: AiPlayer,
    private readonly post: PostToTable,
    private readonly pictures: BoardPictures,
    private readonly logger: Logger,
  ) {
    super();
  }

  protected failed(error: unknown): void {
    this.logger.warn('AI turns failed', { error });
  }

  protected async run(): Promise<void> {
    for (let claimed = await this.service.due.claimAiTurns(); claimed.length > 0; ) {
      await this.play(claimed[0]);
      claimed = await this.service.due.claimAiTurns();
    }
  }

  /** Thinks, holding the turn meanwhile, and plays the move; then tells the channel. */
  private async play(turn: AiTurn): Promise<void> {
    const active = await this.service.play.board(turn);
    if (!active?.ai || active.game.isGameOver()) return;
    const { side, level } = active.ai;
    // On a Fischer clock the AI thinks within its time left (its think is charged to it).
    const fischer = active.clock?.fischer;
    const budget = fischer
      ? clockBudget(LEVELS[level].timeMs, timeLeft(fischer, side, this.now()), fischer.incrementMs)
      : undefined;
    const move = await this.holding(turn, () => this.ai.think(active.game, level, budget));
    const outcome = await this.service.play.move(
      turn,
      active.players[side],
      move.notation,
      this.now(),
      turn.ply,
    );
    if (!outcome.ok) {
      this.logger.warn('the AI could not play its move', {
        channel: turn.channelId,
        move: move.notation,
        why: outcome.code,
      });
      return;
    }
    const next = outcome.value.nextGame;
    // The AI's move ended game 1 of a match: game 2 may open with the AI's turn.
    if (next?.ai) this.runAgain();
    // No move in it: its time ran out while it thought, and the game ended on time.
    const played = outcome.value.game;
    await this.post(played, (m) => moveAnnouncement(m, outcome.value, this.pictures), humansOf(played));
    if (next) await this.post(next, (m) => secondGame(m, next, this.pictures), humansOf(next));
    this.logger.info('ai move', {
      channel: turn.channelId,
      move: move.notation,
      depth: move.depth,
      nodes: move.nodes,
      source: this.ai.lastSource,
    });
  }

  /** Runs `work` while holding `turn`'s claim, renewed every third of its lease. */
  private async holding<T>(turn: AiTurn, work: () => Promise<T>): Promise<T> {
    let renewal: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      renewal = this.service.due
        .holdAiTurn(turn)
        .catch((error) => this.logger.warn('could not hold the AI turn', { channel: turn.channelId, error }));
    }, AI_TURN_LEASE_MS / 3);
    try {
      return await work();
    } finally {
      clearInterval(timer);
      await renewal;
    }
  }
}
