/**
 * Sends turn alerts and digests by direct message (/settings alerts): claimed from their
 * schedules, so each goes from one process once, after a restart too. The DM carries the board as
 * the member sees it and a link to the game's channel. A member whose DMs are closed (Discord's
 * 50007) is noted in their settings and sent nothing more until they choose alerts again.
 */

import { type Client, DiscordAPIError, type MessageCreateOptions } from 'discord.js';
import { opponentOf } from '../../core/players.ts';
import type { ActiveGame } from '../../game/service.ts';
import { type Messages, messagesFor } from '../../i18n/index.ts';
import type { Logger } from '../../log.ts';
import type { MemberSettings, WaitingGame } from '../../settings/member-settings.ts';
import type { TurnAlerts } from '../../settings/turn-alerts.ts';
import { boardDescription } from '../views/board-description.ts';
import type { BoardPictures } from '../views/board-pictures.ts';
import { jumpLink } from '../views/game-list.ts';
import { boardAttachment, onlyMention, safeName, variantNameText } from '../views/present.ts';
import { BackgroundJob } from './background-job.ts';

/** Discord's code for "Cannot send messages to this user". */
const DMS_CLOSED = 50007;
/** A digest's lines: at some 200 characters each, well within a message's 2,000. */
const MOST_DIGEST_LINES = 8;

export class TurnAlertDriver extends BackgroundJob {
  constructor(
    private readonly alerts: TurnAlerts,
    private readonly client: Client,
    private readonly pictures: BoardPictures,
    private readonly noteClosed: (userId: string) => Promise<void>,
    private readonly addWaiting: (userId: string, game: WaitingGame) => Promise<void>,
    private readonly logger: Logger,
  ) {
    super();
  }

  protected failed(error: unknown): void {
    this.logger.warn('could not send turn alerts', { error });
  }

  protected async run(): Promise<void> {
    for (const decision of await this.alerts.claim()) {
      if (decision.kind === 'send') await this.sendTurn(decision.userId, decision.active, decision.settings);
      else await this.addWaiting(decision.userId, decision.game);
      await decision.done();
    }
    for (const digest of await this.alerts.claimDigests()) {
      if (digest.games.length > 0) {
        const m = messagesOf(digest.settings);
        const lines = digest.games
          .slice(0, MOST_DIGEST_LINES)
          .map((active) =>
            m.settings.digestLine({ ...aboutGame(m, active, digest.userId), link: linkTo(active) }),
          );
        if (digest.games.length > MOST_DIGEST_LINES) lines.push('…');
        await this.dm(digest.userId, {
          content: [m.settings.digest, ...lines].join('\n'),
          allowedMentions: onlyMention(),
        });
      }
      await digest.done(
        digest.games.map((active) => ({
          guildId: active.guildId,
          channelId: active.channelId,
          gameId: active.id,
          ply: active.game.plyCount,
        })),
      );
    }
  }

  private async sendTurn(userId: string, active: ActiveGame, settings: MemberSettings): Promise<void> {
    const m = messagesOf(settings);
    const picture = await this.pictures.of(active, m, undefined, settings.view);
    await this.dm(userId, {
      content: m.settings.turnAlert({ ...aboutGame(m, active, userId), link: linkTo(active) }),
      files: [boardAttachment(picture, boardDescription(m, active))],
      allowedMentions: onlyMention(),
    });
  }

  /** A direct message; a member whose DMs are closed is noted, and is not tried again. */
  private async dm(userId: string, message: MessageCreateOptions): Promise<void> {
    try {
      const channel = await this.client.users.createDM(userId);
      await channel.send(message);
    } catch (error) {
      if (error instanceof DiscordAPIError && error.code === DMS_CLOSED) {
        await this.noteClosed(userId);
        return;
      }
      this.logger.warn('could not send a turn alert', { user: userId, error });
    }
  }
}

function messagesOf(settings: MemberSettings): Messages {
  return messagesFor(settings.language ?? undefined);
}

function aboutGame(m: Messages, active: ActiveGame, userId: string) {
  // The member alerted is one of the game's players.
  const opponent = opponentOf(active.players, userId)!;
  return {
    variant: variantNameText(m, active.game.variant),
    opponent: safeName(opponent.name),
    number: Math.floor(active.game.plyCount / 2) + 1,
  };
}

const linkTo = (active: ActiveGame) => jumpLink(active.guildId, active.channelId);
