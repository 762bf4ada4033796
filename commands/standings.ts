import {
  type ChatInputCommandInteraction,
  EmbedBuilder,
  InteractionContextType,
  SlashCommandBuilder,
} from 'discord.js';
import type { BotContext } from '../src/bot/command.ts';
import { memberName, onlyMention, safeName } from '../src/bot/present.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/respond.ts';
import { getVariant, isVariantId, type VariantId, variantIds } from '../src/engine/index.ts';
import type { StandingRow } from '../src/game/standings.ts';

export const data = new SlashCommandBuilder()
  .setName('standings')
  .setDescription('This server’s table, or one member’s record')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((option) =>
    option
      .setName('variant')
      .setDescription('Only games of this variant (default: all)')
      .addChoices(...variantIds.map((id) => ({ name: getVariant(id).name, value: id }))),
  )
  .addUserOption((option) =>
    option.setName('member').setDescription('Show this member’s record and results against each opponent'),
  );

const TABLE_ROWS = 20;

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  await answer(interaction, async () => {
    if (!interaction.guildId) return privateAnswer('Standings are kept per server.');
    const chosen = interaction.options.getString('variant');
    if (chosen && !isVariantId(chosen)) {
      return privateAnswer(
        `There is no variant "${chosen.slice(0, 40)}": choose one of ${variantIds.join(', ')}.`,
      );
    }
    const variant: VariantId | undefined = chosen && isVariantId(chosen) ? chosen : undefined;
    const scope = variant ? getVariant(variant).name : 'all variants';
    const member = interaction.options.getUser('member');
    const embed = new EmbedBuilder();

    if (member) {
      const record = await service.memberRecord(interaction.guildId, member.id, variant);
      const name = safeName(
        record?.name ?? (member.id === interaction.user.id ? memberName(interaction) : member.displayName),
      );
      embed.setTitle(`${name}: ${scope}`);
      if (!record || record.games === 0) {
        embed.setDescription('No finished games yet.');
      } else {
        const lines = record.opponents.map(
          (row) => `${safeName(row.name)}: ${row.wins} won, ${row.losses} lost, ${row.draws} drawn`,
        );
        embed.setDescription(
          `${record.games} games: ${record.wins} won, ${record.losses} lost, ${record.draws} drawn, ${record.points} points.\n\n**Against each opponent**\n${lines.join('\n')}`,
        );
      }
      return publicAnswer({ embeds: [embed], allowedMentions: onlyMention() });
    }

    const rows = await service.standings(interaction.guildId, variant);
    embed.setTitle(`Standings: ${scope}`);
    if (rows.length === 0) {
      embed.setDescription('No finished games yet. Start one with `/challenge`.');
    } else {
      embed.setDescription(table(rows.slice(0, TABLE_ROWS)));
      embed.setFooter({
        text: variant
          ? 'Glicko-2 rating ± deviation; ? marks a provisional rating. A win scores 1 point, a draw ½.'
          : 'A win scores 1 point, a draw ½. Choose a variant to see ratings.',
      });
    }
    return publicAnswer({ embeds: [embed], allowedMentions: onlyMention() });
  });
}

/** A fixed-width table in a code block: names cannot ping or format there. */
function table(rows: StandingRow[]): string {
  const clip = (name: string) => {
    const flat = [...name.replace(/[\p{Cc}\p{Cf}`]/gu, '')];
    return flat.length > 16 ? `${flat.slice(0, 15).join('')}…` : flat.join('').padEnd(16);
  };
  const rated = rows.some((row) => row.rating);
  const header = ` #  Member            Games  W   L   D  Points${rated ? '  Rating' : ''}`;
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
