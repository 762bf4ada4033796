/**
 * Puzzles in the bot: the Puzzles module (built in src/app.ts), and the daily post. A server's daily post is a member of a schedule in the store, claimed like challenge
 * expiries: when several processes sweep at once, each due server goes to one of them, which posts
 * the day's puzzle to the chosen channel and schedules the next day's post in the same commit that
 * records this one. A claim that comes back after the post was recorded only reschedules.
 */
import { type Client, DiscordAPIError } from 'discord.js';
import type { Logger } from '../../log.ts';
import { puzzleGame } from '../../puzzles/catalogue.ts';
import type { Puzzles } from '../../puzzles/service.ts';
import { messagesOfChannel, onlyMention } from '../views/present.ts';
import { dailyText, puzzlePicture } from '../views/puzzle-messages.ts';
import { BackgroundJob } from './background-job.ts';

export class PuzzleDesk extends BackgroundJob {
  constructor(
    readonly puzzles: Puzzles,
    private readonly client: Client,
    private readonly logger: Logger,
  ) {
    super();
  }

  /** Posts the daily puzzles that are due (every sweep); resolves when done. */
  async sweep(): Promise<void> {
    this.nudge();
    await this.idle();
  }

  protected failed(error: unknown): void {
    this.logger.warn('could not post the daily puzzles', { error });
  }

  protected async run(): Promise<void> {
    for (const due of await this.puzzles.posts.claimDuePosts()) {
      let messageId: string | null = null;
      if (!due.posted) {
        try {
          const channel = await this.client.channels.fetch(due.setup.channelId);
          if (!channel?.isSendable()) throw new Error('the channel does not take messages');
          const m = messagesOfChannel(channel);
          const view = await this.puzzles.days.dailyView(due.guildId, due.day);
          const sent = await channel.send({
            content: dailyText(m, view),
            files: [await puzzlePicture(m, due.puzzle, puzzleGame(due.puzzle))],
            allowedMentions: onlyMention(),
          });
          messageId = sent.id;
        } catch (error) {
          this.logger.warn('could not post the daily puzzle', { guild: due.guildId, error });
          // Discord may answer later (the lease ends and a process tries again); a channel that is
          // gone or closed to the bot never will, and the day is passed over.
          const lasting = error instanceof DiscordAPIError && [403, 404].includes(error.status);
          if (!lasting) continue;
        }
      }
      await this.puzzles.posts.postDone(due, messageId);
    }
  }
}
