import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  InteractionContextType,
  SlashCommandBuilder,
} from 'discord.js';
import { announce } from '../src/bot/announce.ts';
import type { BotContext } from '../src/bot/command.ts';
import { situation } from '../src/bot/game-messages.ts';
import { memberName, onlyMention, safeName } from '../src/bot/present.ts';
import { type Answer, answer, privateAnswer, publicAnswer } from '../src/bot/respond.ts';
import type { ActiveGame } from '../src/game/service.ts';

export const data = new SlashCommandBuilder()
  .setName('draw')
  .setDescription('Offer a draw, or accept the draw your opponent offered')
  .setContexts(InteractionContextType.Guild);

export const buttonPrefix = 'draw';

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, pictures }: BotContext,
): Promise<void> {
  await answer(interaction, async () => {
    const player = { id: interaction.user.id, name: memberName(interaction) };
    const outcome = await service.offerDraw(interaction.channelId, player);
    if (!outcome.ok) return privateAnswer(outcome.message);
    const { game: active, agreed, nextGame } = outcome.value;
    if (agreed) return announce(situation(active, false), active, pictures, { nextGame });
    return publicAnswer(offerMessage(active, player.id));
  });
}

function offerMessage(active: ActiveGame, offeredBy: string) {
  const { attackers, defenders } = active.players;
  const [offerer, opponent] = attackers.id === offeredBy ? [attackers, defenders] : [defenders, attackers];
  const accept = new ButtonBuilder()
    .setCustomId(`draw:accept:${active.id}`)
    .setLabel('Accept the draw')
    .setStyle(ButtonStyle.Success);
  return {
    content: `**${safeName(offerer.name)}** offers a draw. <@${opponent.id}>, accept with the button or \`/draw\`; a move declines it.`,
    components: [new ActionRowBuilder<ButtonBuilder>().addComponents(accept)],
    allowedMentions: onlyMention(opponent.id),
  };
}

export async function button(
  interaction: ButtonInteraction,
  { service, pictures }: BotContext,
): Promise<void> {
  await answer(interaction, async (): Promise<Answer> => {
    const match = /^draw:accept:([\w-]{1,64})$/.exec(interaction.customId);
    if (!match) return privateAnswer('This button is not valid.');
    const outcome = await service.acceptDraw(
      interaction.channelId,
      { id: interaction.user.id, name: memberName(interaction) },
      match[1],
    );
    if (!outcome.ok) return privateAnswer(outcome.message);
    const active = outcome.value.game;
    return {
      kind: 'update',
      message: { content: 'Draw agreed.', components: [], allowedMentions: onlyMention() },
      followUp: await announce(situation(active, false), active, pictures, {
        nextGame: outcome.value.nextGame,
      }),
    };
  });
}
