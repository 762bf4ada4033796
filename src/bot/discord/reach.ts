/**
 * Reaching a table. Where the bot is installed it posts in the channel. Where it is not (a DM, a
 * group DM, a server without the bot: a member's own install), Discord lets it speak only through
 * an interaction's token, for 15 minutes: so each interaction there leaves its token in the store
 * (shared by every process, kept across restarts, never logged), and a message nobody asked for at
 * that moment (the AI's move after a long think, a loss on time, a reminder) goes as a follow-up
 * while the last token lives, else by direct message to the players it concerns.
 */
import { type Client, type Interaction, type RESTOptions, WebhookClient } from 'discord.js';
import { isPrivatePool, privatePool, type Table } from '../../game/table.ts';
import { type Messages, messagesFor } from '../../i18n/index.ts';
import type { Logger } from '../../log.ts';
import { inGuild, type Store } from '../../store/index.ts';
import { messagesOfChannel, type Post } from '../views/present.ts';
import { botInstalledAt } from './table-of.ts';

/** How long Discord takes follow-ups on an interaction's token. */
export const TOKEN_LIFE_MS = 15 * 60 * 1000;
/** No follow-up in a token's last minute: it could expire on the way. */
const TOKEN_MARGIN_MS = 60 * 1000;

/** The last interaction at a table the bot is not installed at: its token and its member's language. */
interface LastToken {
  schema: 1;
  token: string;
  until: number;
  locale: string | null;
}

const tokenKey = (channelId: string) => inGuild(privatePool(channelId), 'last-token');

/** Where a message goes, and who hears it by direct message when the table cannot be reached. */
export type PostToTable = (
  table: Table,
  message: (m: Messages) => Promise<Post>,
  /** The players a message nobody asked for concerns (their ids): told by DM when the table is out of reach. */
  concerns?: readonly string[],
) => Promise<void>;

export class Reach {
  constructor(
    private readonly client: Client,
    private readonly store: Store,
    private readonly applicationId: string,
    private readonly rest: Partial<RESTOptions>,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  /** Keeps the token of an interaction at a table the bot is not installed at (the latest wins). */
  async remember(interaction: Interaction): Promise<void> {
    const channelId = interaction.channelId;
    if (!channelId || interaction.isAutocomplete()) return;
    const { guildId, authorizingIntegrationOwners } = interaction;
    if (botInstalledAt({ guildId, channelId, authorizingIntegrationOwners })) return;
    const key = tokenKey(channelId);
    const value: LastToken = {
      schema: 1,
      token: interaction.token,
      until: interaction.createdTimestamp + TOKEN_LIFE_MS,
      locale: interaction.locale ?? null,
    };
    try {
      for (let tries = 0; tries < 3; tries++) {
        const read = await this.store.read<LastToken>(key);
        if (read && read.value.until >= value.until) return;
        const written = await this.store.commit([
          { key, value, expectRevision: read?.revision ?? 0, ttlMs: TOKEN_LIFE_MS },
        ]);
        if (written.ok) return;
      }
    } catch (error) {
      this.logger.warn('could not keep an interaction’s token', {
        channel: channelId,
        error: describe(error),
      });
    }
  }

  /** Posts at the table; a failure is logged, not thrown. */
  readonly post: PostToTable = async (table, message, concerns = []) => {
    try {
      if (!isPrivatePool(table.guildId)) {
        const channel = await this.client.channels.fetch(table.channelId);
        if (channel?.isSendable()) await channel.send(await message(messagesOfChannel(channel)));
        return;
      }
      const last = (await this.store.read<LastToken>(tokenKey(table.channelId)))?.value;
      if (last && this.now() < last.until - TOKEN_MARGIN_MS) {
        const webhook = new WebhookClient({ id: this.applicationId, token: last.token }, { rest: this.rest });
        try {
          await webhook.send(await message(messagesFor(last.locale)));
          return;
        } catch (error) {
          this.logger.warn('a follow-up was refused', { channel: table.channelId, error: describe(error) });
        } finally {
          webhook.destroy();
        }
      }
      await this.directly(table, message, concerns, last?.locale ?? null);
    } catch (error) {
      this.logger.warn('could not post to a table', { channel: table.channelId, error: describe(error) });
    }
  };

  /** Each player concerned by direct message, with a link to the table (members whose DMs are closed are skipped). */
  private async directly(
    table: Table,
    message: (m: Messages) => Promise<Post>,
    concerns: readonly string[],
    locale: string | null,
  ): Promise<void> {
    for (const userId of concerns) {
      try {
        const user = await this.client.users.fetch(userId);
        const post = await message(messagesFor(locale));
        const link = `https://discord.com/channels/@me/${table.channelId}`;
        await user.send({ ...post, content: `${post.content ?? ''}\n${link}`.trim() });
      } catch (error) {
        this.logger.warn('could not reach a player by direct message', { error: describe(error) });
      }
    }
  }
}

/** An error as a log line: its message only, since a failed request's text may carry the token's URL. */
function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\/webhooks\/\d+\/[^/\s]+/g, '/webhooks/…');
}
