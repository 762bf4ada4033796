/**
 * /games's message: a page of the server's (or one member's) games in progress, each with a jump
 * link to its channel or thread, and the challenges waiting for an answer. Pages are cut by size
 * as well as by count, so that every page fits Discord's limits whatever the names; the Previous
 * and Next buttons turn them (custom-ids.ts: `games-page`).
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import { variantOf } from '../../game/server-variants.ts';
import type { ActiveGame, Challenge } from '../../game/service.ts';
import { isPrivatePool } from '../../game/table.ts';
import type { GamesMessages } from '../../i18n/games.ts';
import type { Messages } from '../../i18n/index.ts';
import { lobbyMessagesFor } from '../../i18n/lobby.ts';
import { customId, type GamesScope } from '../custom-ids.ts';
import { LIMITS, listWithin } from '../discord/discord-limits.ts';
import { deadlineText } from './game-messages.ts';
import { asText, onlyMention, type Post, safeName, variantNameText } from './present.ts';

/** Games on one page at most, however short their lines. */
export const GAMES_PER_PAGE = 10;
/** Kept for the footer (the page, the count, what was not read) in the embed's total. */
const FOOTER_ROOM = 200;

/** What one /games answer shows. */
export interface GamesView {
  guildId: string;
  scope: GamesScope;
  /** For a member's list: their name as they go by (shown as text). */
  memberName?: string;
  /** The games in the order listed (see inListOrder). */
  games: ActiveGame[];
  challenges: Challenge[];
  /** Games past what the listing reads. */
  unread: number;
}

/** Where a channel or thread of the guild is, as a link that opens it (a private pool's channel: a DM's link). */
export function jumpLink(guildId: string, channelId: string): string {
  return `https://discord.com/channels/${isPrivatePool(guildId) ? '@me' : guildId}/${channelId}`;
}

/** Page `page` of the list (the last one when it has fewer), with the buttons to turn it. */
export function gamesPage(m: Messages, g: GamesMessages, view: GamesView, page: number): Post {
  const title =
    view.scope.kind === 'member' ? g.memberTitle({ name: safeName(view.memberName ?? '') }) : g.title;
  const embed = new EmbedBuilder().setTitle(title);
  const field = challengesField(m, g, view);
  if (field) embed.addFields(field);
  const fieldSize = field ? field.name.length + field.value.length : 0;
  const room = Math.min(LIMITS.embedDescription, LIMITS.embedTotal - title.length - FOOTER_ROOM - fieldSize);
  const pages = pagesOf(
    view.games.map((active) => gameLine(m, g, view.guildId, active)),
    room,
  );
  const shown = Math.min(Math.max(0, page), pages.length - 1);
  if (view.games.length === 0) {
    const nothing =
      view.scope.kind === 'member' ? g.noMemberGames({ name: safeName(view.memberName ?? '') }) : g.noGames;
    embed.setDescription(nothing);
  } else {
    embed.setDescription(pages[shown].join('\n'));
    const unread = view.unread > 0 ? ` · ${g.unread(view.unread)}` : '';
    embed.setFooter({
      text: `${g.page({ page: shown + 1, pages: pages.length, games: view.games.length })}${unread}`,
    });
  }
  return {
    embeds: [embed],
    components: pages.length > 1 ? [pageButtons(g, view.scope, shown, pages.length)] : [],
    allowedMentions: onlyMention(),
  };
}

/**
 * Lines in pages: as many as fit in `room` characters, `GAMES_PER_PAGE` at most. The same lines
 * always make the same pages, so a button's page is the one it named.
 */
export function pagesOf(lines: string[], room: number): string[][] {
  const pages: string[][] = [[]];
  let size = 0;
  for (const line of lines) {
    const current = pages[pages.length - 1];
    const longer = size + (current.length > 0 ? 1 : 0) + line.length;
    if (current.length > 0 && (current.length === GAMES_PER_PAGE || longer > room)) {
      pages.push([line]);
      size = line.length;
    } else {
      current.push(line);
      size = longer;
    }
  }
  return pages;
}

/**
 * A game as one line: the variant and who plays which side, the move number, who is to move and
 * when their time runs out, and where it is played; a casual game's variant says so.
 */
function gameLine(m: Messages, g: GamesMessages, guildId: string, active: ActiveGame): string {
  const { game, clock } = active;
  const when = clock ? `<t:${Math.floor(clock.deadline / 1000)}:R>` : '';
  const deadline = deadlineText(m, active, when);
  const toMove = m.toMove({ who: `**${safeName(active.players[game.turn].name)}**`, side: game.turn });
  const variant = variantNameText(m, game.variant);
  const line = m.moveNumber({
    title: m.gameTitle({
      variant: active.casual ? g.casualVariant({ variant }) : variant,
      attackers: safeName(active.players.attackers.name),
      defenders: safeName(active.players.defenders.name),
    }),
    number: Math.floor(game.plyCount / 2) + 1,
    situation: `${toMove}${deadline}`,
  });
  return `- ${line} [${g.jump}](${jumpLink(guildId, active.channelId)})`;
}

/** The challenges waiting for an answer, as many as fit in a field, then how many more. */
function challengesField(
  m: Messages,
  g: GamesMessages,
  view: GamesView,
): { name: string; value: string } | null {
  if (view.challenges.length === 0) return null;
  const lines = view.challenges.map((challenge) => {
    const rules = variantOf(challenge.variant, challenge.rules);
    const variant = rules ? variantNameText(m, rules) : asText(challenge.variant);
    const terms = {
      challenger: safeName(challenge.challenger.name),
      variant: challenge.casual ? g.casualVariant({ variant }) : variant,
      expires: `<t:${Math.floor(challenge.expiresAt / 1000)}:R>`,
    };
    // An open challenge says so: anyone may accept it.
    const line = challenge.opponent
      ? g.challengeLine({ ...terms, opponent: safeName(challenge.opponent.name) })
      : lobbyMessagesFor(m.language).openLine(terms);
    return `- ${line} · [${g.jumpChallenge}](${jumpLink(view.guildId, challenge.channelId)})`;
  });
  const value = listWithin(lines, '\n', LIMITS.fieldValue, (count) => m.andMore({ number: count }));
  return { name: g.challengesField, value };
}

function pageButtons(
  g: GamesMessages,
  scope: GamesScope,
  page: number,
  pages: number,
): ActionRowBuilder<ButtonBuilder> {
  // The two ids differ on every page of two or more: Previous on the first names page 0, Next page 1.
  const previous = new ButtonBuilder()
    .setCustomId(customId({ kind: 'games-page', page: Math.max(0, page - 1), scope }))
    .setLabel(g.previous)
    .setStyle(ButtonStyle.Secondary)
    .setDisabled(page === 0);
  const next = new ButtonBuilder()
    .setCustomId(customId({ kind: 'games-page', page: Math.min(pages - 1, page + 1), scope }))
    .setLabel(g.next)
    .setStyle(ButtonStyle.Secondary)
    .setDisabled(page === pages - 1);
  return new ActionRowBuilder<ButtonBuilder>().addComponents(previous, next);
}
