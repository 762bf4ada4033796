/**
 * A challenge's message: open with its buttons, and closed (answered or expired) without them; and
 * the first board of a game against the AI, whether asked for or the fallback of an open challenge.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { Side } from '../../engine/index.ts';
import { variantOf } from '../../game/server-variants.ts';
import type { ActiveGame, Challenge } from '../../game/service.ts';
import { gamesMessagesFor } from '../../i18n/games.ts';
import type { Messages } from '../../i18n/index.ts';
import { lobbyMessagesFor } from '../../i18n/lobby.ts';
import { type ChallengeAction, customId } from '../custom-ids.ts';
import { gameBoard } from './announcements.ts';
import type { BoardPictures } from './board-pictures.ts';
import { gameTitle, situation } from './game-messages.ts';
import { onlyMention, type Post, safeName } from './present.ts';

/**
 * The challenge in the challenger's language (the challenged member sees the same message). An
 * open challenge mentions no one, and has no Decline button: anyone may accept it, and only its
 * challenger withdraw it.
 */
export function challengeMessage(m: Messages, challenge: Challenge): Post {
  const { challenger, opponent, side } = challenge;
  const range = challenge.open ? lobbyMessagesFor(m.language).ratingRange(challenge.open) : null;
  const terms = [
    side === 'random' ? m.sidesAtRandom : m.challengerPlays({ name: safeName(challenger.name), side }),
    ...(challenge.match ? [m.twoGameMatch] : []),
    ...(challenge.casual ? [gamesMessagesFor(m.language).casual] : []),
    ...(challenge.thread ? [m.inNewThread] : []),
    m.timeControl(challenge.time ?? 'none'),
    ...(range ? [range] : []),
    ...(challenge.botAfterMs
      ? [lobbyMessagesFor(m.language).botAfterTerm({ minutes: Math.round(challenge.botAfterMs / 60_000) })]
      : []),
  ];
  // Joined as the member's language lists things: "A, B and C", "A、B、C".
  const listed = new Intl.ListFormat(m.language, { type: 'conjunction' }).format(terms);
  const expires = `<t:${Math.floor(challenge.expiresAt / 1000)}:R>`;
  if (!opponent) {
    return {
      content: lobbyMessagesFor(m.language).openChallenge({
        challenger: safeName(challenger.name),
        variant: variantLabel(m, challenge),
        terms: listed,
        expires,
      }),
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(buttonId('accept', challenge))
            .setLabel(m.accept)
            .setStyle(ButtonStyle.Success),
          new ButtonBuilder()
            .setCustomId(buttonId('withdraw', challenge))
            .setLabel(m.withdraw)
            .setStyle(ButtonStyle.Secondary),
        ),
      ],
      allowedMentions: onlyMention(),
    };
  }
  const buttons = [
    new ButtonBuilder()
      .setCustomId(buttonId('accept', challenge))
      .setLabel(m.accept)
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(buttonId('decline', challenge))
      .setLabel(m.decline)
      .setStyle(ButtonStyle.Danger),
    new ButtonBuilder()
      .setCustomId(buttonId('withdraw', challenge))
      .setLabel(m.withdraw)
      .setStyle(ButtonStyle.Secondary),
  ];
  return {
    content: m.challenge({
      opponentId: opponent.id,
      challenger: safeName(challenger.name),
      variant: variantLabel(m, challenge),
      terms: listed,
      expires,
    }),
    components: [new ActionRowBuilder<ButtonBuilder>().addComponents(buttons)],
    allowedMentions: onlyMention(opponent.id),
  };
}

/** The challenge message once it can no longer be answered: its buttons gone. */
export function closedMessage(m: Messages, challenge: Challenge, why: string): Post {
  const challenger = safeName(challenge.challenger.name);
  const variant = variantLabel(m, challenge);
  return {
    content: challenge.open
      ? lobbyMessagesFor(m.language).openClosed({ challenger, variant, why })
      : m.challengeClosed({
          challenger,
          opponent: safeName(challenge.opponent?.name ?? ''),
          variant,
          why,
        }),
    components: [],
    allowedMentions: onlyMention(),
  };
}

function variantLabel(m: Messages, challenge: Challenge): string {
  const variant = variantOf(challenge.variant, challenge.rules);
  return safeName(variant ? m.variantName(variant) : challenge.variant);
}

const buttonId = (action: ChallengeAction, challenge: Challenge) =>
  customId({ kind: 'challenge', action, challengeId: challenge.id });

/** The first board of a game against the AI: who plays which side, at which level, and whose turn it is. */
export async function aiGameMessage(m: Messages, active: ActiveGame, pictures: BoardPictures): Promise<Post> {
  const ai = active.ai;
  if (!ai) throw new Error('not a game against the AI');
  const humanSide: Side = ai.side === 'attackers' ? 'defenders' : 'attackers';
  const mention = active.game.turn === humanSide ? active.players[humanSide].id : undefined;
  const match = active.match ? ` ${m.aiMatch}` : '';
  return gameBoard(
    m,
    `${gameTitle(m, active)}. ${m.youPlayTheAi({ side: humanSide, level: m.level(ai.level) })}${match} ${situation(m, active, mention !== undefined)}${casualNote(m, active)}`,
    active,
    pictures,
    { mention },
  );
}

/** Under a casual game's first board: it counts for nothing in the ratings. */
export const casualNote = (m: Messages, active: ActiveGame) =>
  active.casual ? ` ${gamesMessagesFor(m.language).casualGame}` : '';
