import {
  type ChatInputCommandInteraction,
  EmbedBuilder,
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
} from 'discord.js';
import { onlyMention } from '../src/bot/present.ts';
import { getVariant, variantIds } from '../src/engine/index.ts';

export const data = new SlashCommandBuilder()
  .setName('help')
  .setDescription('How to play tafl here')
  .setContexts(InteractionContextType.Guild);

const HELP = [
  '**Start a game** `/challenge opponent:@someone` (choose `variant`, `side`, and `thread:true` to play in a new thread). They accept with the button within 15 minutes.',
  '**Play** `/move e5-e8`: a piece moves like a rook, from one square to another. Start typing and the bot suggests your legal moves: nothing typed lists your pieces that can move, a square lists that piece’s moves.',
  '**Look** `/board` shows the board of the game in this channel. Squares are named by file letter and rank number, `a1` bottom left.',
  '**End** `/resign`, or `/draw` to offer a draw (your opponent accepts with the button or `/draw`; a move declines it).',
  '**Learn** `/rules` explains a variant. `/standings` shows this server’s table.',
  `**Variants** ${variantIds.map((id) => `\`${id}\` ${getVariant(id).name}`).join(' · ')}`,
];

export async function execute(interaction: ChatInputCommandInteraction): Promise<void> {
  const embed = new EmbedBuilder().setTitle('Playing tafl here').setDescription(HELP.join('\n\n'));
  await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral, allowedMentions: onlyMention() });
}
