import { type ChatInputCommandInteraction, EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { LIMITS, listWithin } from '../src/bot/discord/discord-limits.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { chosenVariant } from '../src/bot/options/variant-option.ts';
import { clipTo, padEndTo } from '../src/bot/views/display-width.ts';
import {
  asText,
  memberName,
  messagesOf,
  onlyMention,
  refusalText,
  safeName,
  variantNameText,
} from '../src/bot/views/present.ts';
import { balanceFieldsOf, memberSideFields } from '../src/bot/views/side-standings.ts';
import { isServerVariantId } from '../src/engine/index.ts';
import type { StandingRow } from '../src/game/standings.ts';
import { accuracyMessages } from '../src/i18n/accuracy.ts';
import type { Messages } from '../src/i18n/index.ts';
import { sideMessagesFor } from '../src/i18n/sides.ts';

export const data = new SlashCommandBuilder()
  .setName('standings')
  .setDescription('This server’s table, or one member’s record')
  .addStringOption((option) =>
    option
      .setName('variant')
      .setDescription('Only games of this variant (default: all)')
      .setAutocomplete(true),
  )
  .addUserOption((option) =>
    option.setName('member').setDescription('Show this member’s record and results against each opponent'),
  )
  .addStringOption((option) =>
    option
      .setName('side')
      .setDescription('Rank a variant’s table by the rating on one side (default: overall)')
      .addChoices(
        { name: 'overall', value: 'overall' },
        { name: 'as attackers', value: 'attackers' },
        { name: 'as defenders', value: 'defenders' },
      ),
  );

const TABLE_ROWS = 20;

export { variantAutocomplete as autocomplete } from '../src/bot/options/variant-option.ts';

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    // A server's standings, or where the bot is not installed the table's own, between friends.
    const { guildId } = tableOf(interaction);
    const chosen = interaction.options.getString('variant');
    const found = chosen ? await chosenVariant(service, guildId, chosen) : null;
    // A removed server variant's standings stay: its id still names them.
    const variant = found?.id ?? (chosen && isServerVariantId(chosen) ? chosen : undefined);
    if (chosen && !variant)
      return privateAnswer(
        refusalText(m, { code: 'unknown-variant', params: { variant: chosen.slice(0, 40) } }),
      );
    const member = interaction.options.getUser('member');
    const s = sideMessagesFor(interaction.locale);
    const side = interaction.options.getString('side');
    const bySide = side === 'attackers' || side === 'defenders' ? side : null;
    if (bySide && member) return privateAnswer(s.notWithMember);
    if (bySide && !variant) return privateAnswer(s.needsVariant);
    const variantScope = found ? variantNameText(m, found) : variant ? asText(variant) : m.allVariants;
    const scope = bySide ? s.scope({ scope: variantScope, side: bySide }) : variantScope;
    const embed = new EmbedBuilder();

    if (member) {
      const record = await service.records.memberRecord(guildId, member.id, variant);
      const name = safeName(
        record?.name ?? (member.id === interaction.user.id ? memberName(interaction) : member.displayName),
      );
      embed.setTitle(`${name}: ${scope}`);
      if (!record || record.games === 0) {
        embed.setDescription(m.noFinishedGames);
      } else {
        const lines = record.opponents.map((row) => m.headToHead({ ...row, name: safeName(row.name) }));
        const accuracy = record.accuracy
          ? `\n${accuracyMessages(m.language).average({ average: record.accuracy.average, games: record.accuracy.games })}`
          : '';
        const head = `${m.record(record)}${accuracy}\n\n**${m.againstEachOpponent}**\n`;
        const room = LIMITS.embedDescription - head.length;
        embed.setDescription(
          `${head}${listWithin(lines, '\n', room, (count) => m.andMore({ number: count }))}`,
        );
        embed.addFields(await memberSideFields(service, { guildId, userId: member.id, variant, m, s }));
      }
      return publicAnswer({ embeds: [embed], allowedMentions: onlyMention() });
    }

    const rows =
      bySide && variant
        ? (await service.sides.table(guildId, variant, bySide)).map((row) => ({
            ...row,
            rating: row.sideRating ?? undefined,
          }))
        : await service.records.standings(guildId, variant);
    embed.setTitle(m.standingsTitle({ scope }));
    if (rows.length === 0) {
      embed.setDescription(m.noFinishedGamesStart);
    } else {
      embed.setDescription(table(m, rows.slice(0, TABLE_ROWS)));
      embed.setFooter({ text: bySide ? s.footer(bySide) : variant ? m.ratedFooter : m.unratedFooter });
      embed.addFields(await balanceFieldsOf(service, { guildId, variant, m, s }));
    }
    return publicAnswer({ embeds: [embed], allowedMentions: onlyMention() });
  });
}

/** A fixed-width table in a code block: names cannot ping or format there. */
function table(m: Messages, rows: StandingRow[]): string {
  // By display width: a name in Chinese or Japanese keeps the columns after it in place.
  const clip = (name: string) => padEndTo(clipTo(name.replace(/[\p{Cc}\p{Cf}`]/gu, ''), 16), 16);
  const rated = rows.some((row) => row.rating);
  const header = m.tableHead(rated);
  const lines = rows.map((row, index) =>
    [
      String(index + 1).padStart(2),
      ` ${clip(row.name)}`,
      String(row.games).padStart(6),
      String(row.wins).padStart(3),
      String(row.losses).padStart(3),
      String(row.draws).padStart(3),
      String(row.points).padStart(7),
      ...(rated && row.rating
        ? [`${row.rating.value}±${row.rating.deviation}${row.rating.provisional ? '?' : ''}`.padStart(10)]
        : []),
    ].join(' '),
  );
  return `\`\`\`\n${header}\n${lines.join('\n')}\n\`\`\``;
}
