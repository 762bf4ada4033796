/**
 * Closes the messages of challenges nobody answered in time. The expiries are a schedule in the
 * store, claimed like the deadlines and the AI's turns: any bot process may close any challenge,
 * each once, after a restart too. The process that posted a challenge wakes itself at its expiry,
 * so the buttons go at once; every process's sweep looks too, for challenges whose process is gone.
 * An open challenge with the AI as its fallback is taken by the AI instead: its message says so, and
 * the game's first board is posted under it.
 */
import { type Client, DiscordAPIError } from 'discord.js';
import type { ActiveGame, Challenge, GameService } from '../../game/service.ts';
import { isPrivatePool } from '../../game/table.ts';
import { messagesFor } from '../../i18n/index.ts';
import { lobbyMessagesFor } from '../../i18n/lobby.ts';
import type { Logger } from '../../log.ts';
import type { PostToTable } from '../discord/reach.ts';
import type { BoardPictures } from '../views/board-pictures.ts';
import { aiGameMessage, closedMessage } from '../views/challenge-messages.ts';
import { humansOf, messagesOfChannel } from '../views/present.ts';
import { BackgroundJob } from './background-job.ts';

/** A wake-up a little after the expiry: a timer may fire early, and the store refuses to expire a challenge before its time. */
const WAKE_MARGIN_MS = 250;

export class ChallengeExpiry extends BackgroundJob {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly service: GameService,
    private readonly client: Client,
    private readonly logger: Logger,
    /** For the games the AI takes over: the bot's board pictures, and the AI's driver to wake when it moves first. */
    private readonly aiGames: { pictures: BoardPictures; ai: { nudge(): void }; post: PostToTable },
  ) {
    super();
  }

  /** Looks for expired challenges shortly after `at` (an expiry time), in this process. */
  wakeAt(at: number): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.nudge();
      },
      Math.max(0, at - Date.now()) + WAKE_MARGIN_MS,
    );
    timer.unref();
    this.timers.add(timer);
  }

  /** No more wake-ups; resolves when the expiries in hand are dealt with. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }

  protected failed(error: unknown): void {
    this.logger.warn('could not expire challenges', { error });
  }

  protected async run(): Promise<void> {
    const bot = this.client.user;
    // Not logged in yet: an open challenge the AI would take must wait for the bot's own name.
    if (!bot) return;
    const machine = { id: bot.id, name: `${bot.username} (normal)` };
    for (const { challenge, messageId, entry, game } of await this.service.expiries.claimExpired(machine)) {
      if (game) {
        await this.postFirstBoard(challenge, game);
        if (game.ai?.side === game.game.turn) this.aiGames.ai.nudge();
      }
      // Where the bot is not installed a challenge's message was an interaction's answer, whose
      // token has run out by its expiry: it cannot be edited.
      if (messageId && !isPrivatePool(challenge.guildId)) {
        try {
          const channel = await this.client.channels.fetch(challenge.channelId);
          if (channel?.isTextBased()) {
            const m = challenge.locale ? messagesFor(challenge.locale) : messagesOfChannel(channel);
            const why = challenge.takenByBot ? lobbyMessagesFor(m.language).botTook : m.challengeExpired;
            await channel.messages.edit(messageId, closedMessage(m, challenge, why));
          }
        } catch (error) {
          this.logger.warn('could not close an expired challenge', { challenge: challenge.id, error });
          // Discord may answer later (the lease ends and a process tries again); a message or
          // channel that is gone or closed to the bot never will.
          const lasting = error instanceof DiscordAPIError && [403, 404].includes(error.status);
          if (!lasting) continue;
        }
      }
      await this.service.expiries.expiryDone(challenge.guildId, entry);
    }
  }

  /** The first board of a game the AI took over, in the challenge's channel (once: a later claim does not post it). */
  private async postFirstBoard(challenge: Challenge, game: ActiveGame): Promise<void> {
    await this.aiGames.post(
      game,
      (m) => aiGameMessage(challenge.locale ? messagesFor(challenge.locale) : m, game, this.aiGames.pictures),
      humansOf(game),
    );
  }
}
