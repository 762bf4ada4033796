/**
 * The bot's sweeps: what falls due with no interaction to bring it. Every `sweepIntervalMs` (15 s),
 * all of it: the AI's turns, expired challenges, the clocks, tournaments, the daily puzzles,
 * vacations whose days ran out, turn alerts. Every `clockSweepIntervalMs` (half a second), the clocks alone: games lost on time and
 * reminders, so that a blitz player's flag is found within a second. Any process may sweep: each
 * piece is claimed in the store, so it is done once.
 */
import type { GameService } from '../../game/service.ts';
import { SWEEP_LEASE_MS } from '../../game/sweeper.ts';
import { lobbyMessagesFor } from '../../i18n/lobby.ts';
import type { Logger } from '../../log.ts';
import type { PostToTable } from '../discord/reach.ts';
import { announcement, secondGame } from '../views/announcements.ts';
import type { BoardPictures } from '../views/board-pictures.ts';
import { situation } from '../views/game-messages.ts';
import { humansOf, onlyMention, safeName } from '../views/present.ts';
import type { AiDriver } from './ai-driver.ts';
import type { ChallengeExpiry } from './challenge-expiry.ts';
import type { PuzzleDesk } from './puzzle-desk.ts';
import type { TournamentDriver } from './tournament-driver.ts';
import type { TurnAlertDriver } from './turn-alert-driver.ts';

/** The jobs a sweep wakes, and the pictures of the boards it posts. */
export interface SweptJobs {
  pictures: BoardPictures;
  ai: AiDriver;
  expiry: ChallengeExpiry;
  tournaments: TournamentDriver;
  puzzles: PuzzleDesk;
  alerts: TurnAlertDriver;
}

export class Sweeps {
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | null = null;
  private clockSweeper: NodeJS.Timeout | undefined;
  private clockSweeping: Promise<void> | null = null;
  private readonly sweepInterval: number;
  private readonly clockSweepInterval: number;

  constructor(
    private readonly service: GameService,
    private readonly jobs: SweptJobs,
    private readonly post: PostToTable,
    private readonly logger: Logger,
    /** 0 for `sweepIntervalMs` turns the timers off (tests sweep by hand); the clocks' is never longer. */
    intervals: { sweepIntervalMs?: number; clockSweepIntervalMs?: number } = {},
  ) {
    this.sweepInterval = intervals.sweepIntervalMs ?? 15_000;
    this.clockSweepInterval = Math.min(this.sweepInterval, intervals.clockSweepIntervalMs ?? 500);
  }

  /** Ends games lost on time and sends the reminders: the clocks' part of the sweep. */
  async sweepClocks(): Promise<void> {
    const { pictures, ai, tournaments } = this.jobs;
    const found = await this.service.due.sweep();
    for (const active of found.timedOut) {
      await this.post(
        active,
        (m) => announcement(m, situation(m, active, false), active, pictures),
        humansOf(active),
      );
    }
    for (const next of found.nextGames)
      await this.post(next, (m) => secondGame(m, next, pictures), humansOf(next));
    // A match against the AI whose game 1 was lost on time: game 2 may open with the AI's turn.
    if (found.nextGames.some((next) => next.ai)) ai.nudge();
    for (const { guildId, channelId, player, deadline, lowTime } of found.reminders) {
      const when = `<t:${Math.floor(deadline / 1000)}:R>`;
      await this.post(
        { guildId, channelId },
        async (m) => ({
          content: lowTime
            ? m.clock.lowTime({ playerId: player.id, when })
            : m.reminder({ playerId: player.id, deadline: when }),
          allowedMentions: onlyMention(player.id),
        }),
        [player.id],
      );
    }
    // Games lost on time may end a tournament round.
    if (found.timedOut.length > 0) tournaments.nudge();
    // An AI turn whose claimer died falls due when its lease ends: looked for as often as deadlines.
    ai.nudge();
  }

  /** Ends the vacations whose days ran out; each of the member's games hears their clock runs again. */
  private async sweepVacations(): Promise<void> {
    for (const { memberId, games } of await this.service.vacations.sweep(SWEEP_LEASE_MS)) {
      for (const game of games) {
        const side = game.players.attackers.id === memberId ? 'attackers' : 'defenders';
        await this.post(game, async (m) => ({
          content: `${lobbyMessagesFor(m.language).vacationRanOut({ name: safeName(game.players[side].name) })} ${situation(m, game, false)}`,
          allowedMentions: onlyMention(),
        }));
      }
    }
  }

  /** Everything due: AI turns, expired challenges, the clocks, tournaments, daily puzzles, turn alerts. */
  async sweep(): Promise<void> {
    const { ai, expiry, tournaments, puzzles, alerts } = this.jobs;
    ai.nudge();
    expiry.nudge();
    await this.sweepClocks();
    await expiry.idle();
    tournaments.nudge();
    await tournaments.idle();
    await puzzles.sweep();
    await this.sweepVacations();
    // Turn alerts and digests due (a turn passed by the AI, a quiet hour ended, a digest's hour).
    alerts.nudge();
    await alerts.idle();
  }

  /** Starts the timers (none when the interval is 0); a sweep still under way is not started again. */
  start(): void {
    if (this.sweepInterval > 0) {
      this.sweeper = setInterval(() => {
        if (this.sweeping) return;
        this.sweeping = this.sweep()
          .catch((error) => this.logger.warn('sweep failed', { error }))
          .finally(() => {
            this.sweeping = null;
          });
      }, this.sweepInterval);
      this.sweeper.unref();
    }
    // Deadlines alone, often: each look is one read of the schedules' registry while nothing is due.
    if (this.clockSweepInterval > 0) {
      this.clockSweeper = setInterval(() => {
        if (this.clockSweeping) return;
        this.clockSweeping = this.sweepClocks()
          .catch((error) => this.logger.warn('clock sweep failed', { error }))
          .finally(() => {
            this.clockSweeping = null;
          });
      }, this.clockSweepInterval);
      this.clockSweeper.unref();
    }
  }

  /** Stops the timers; resolves when the sweeps under way are done. */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    clearInterval(this.clockSweeper);
    await this.sweeping;
    await this.clockSweeping;
  }
}
