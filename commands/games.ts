import { type ButtonInteraction, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { type CustomIdKind, type GamesScope, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { type GamesView, gamesPage } from '../src/bot/views/game-list.ts';
import { memberName, messagesOf } from '../src/bot/views/present.ts';
import { challengesOf, inListOrder } from '../src/game/listing.ts';
import type { GameService } from '../src/game/service.ts';
import { gamesMessagesFor } from '../src/i18n/games.ts';

export const data = new SlashCommandBuilder()
  .setName('games')
  .setDescription('The games in progress on this server, and the challenges waiting for an answer')
  .addBooleanOption((option) =>
    option.setName('mine').setDescription('Only your games, those where it is your turn first'),
  )
  .addUserOption((option) =>
    option.setName('member').setDescription('Only this member’s games, those where it is their turn first'),
  );

export const customIds: readonly CustomIdKind[] = ['games-page'];

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  const g = gamesMessagesFor(interaction.locale);
  await answer(interaction, async () => {
    const mine = interaction.options.getBoolean('mine') ?? false;
    const member = interaction.options.getUser('member');
    const someoneElse = member && member.id !== interaction.user.id ? member : null;
    if (mine && someoneElse) return privateAnswer(g.mineAndMember);
    const scope: GamesScope =
      mine || member ? { kind: 'member', memberId: member?.id ?? interaction.user.id } : { kind: 'server' };
    const chosen = interaction.options.getMember('member');
    const name = someoneElse
      ? chosen && 'displayName' in chosen
        ? chosen.displayName
        : someoneElse.displayName
      : memberName(interaction);
    const view = await viewOf(service, tableOf(interaction).guildId, scope);
    return publicAnswer(gamesPage(m, g, { ...view, memberName: name }, 0));
  });
}

/** Previous and Next: the list read again, at the page the button names. */
export async function button(interaction: ButtonInteraction, { service }: BotContext): Promise<void> {
  const m = messagesOf(interaction);
  const g = gamesMessagesFor(interaction.locale);
  await answer(interaction, async () => {
    const pressed = readCustomIdOf(interaction.customId, 'games-page');
    if (!pressed) return privateAnswer(m.buttonInvalid);
    const view = await viewOf(service, tableOf(interaction).guildId, pressed.scope);
    const name =
      pressed.scope.kind === 'member' ? await nameOf(interaction, pressed.scope.memberId, view) : '';
    return { kind: 'update', message: gamesPage(m, g, { ...view, memberName: name }, pressed.page) };
  });
}

/** The server's games and challenges, or one member's, in the order they are listed. */
async function viewOf(service: GameService, guildId: string, scope: GamesScope): Promise<GamesView> {
  const [games, challenges] = await Promise.all([
    service.listing.games(guildId),
    service.listing.challenges(guildId),
  ]);
  const memberId = scope.kind === 'member' ? scope.memberId : undefined;
  return {
    guildId,
    scope,
    games: inListOrder(games.items, memberId),
    challenges: memberId ? challengesOf(challenges.items, memberId) : challenges.items,
    unread: games.unread,
  };
}

/** A member's name as they go by in the server, else as their games name them. */
async function nameOf(interaction: ButtonInteraction, memberId: string, view: GamesView): Promise<string> {
  const member = await interaction.guild?.members.fetch(memberId).catch(() => null);
  if (member) return member.displayName;
  const players = view.games.flatMap((active) => [active.players.attackers, active.players.defenders]);
  const people = view.challenges.flatMap((challenge) => [
    challenge.challenger,
    ...(challenge.opponent ? [challenge.opponent] : []),
  ]);
  return [...players, ...people].find((player) => player.id === memberId)?.name ?? '';
}
