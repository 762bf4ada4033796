/**
 * How the bot's answers look in Discord: board messages, refusals, names. Every message built here
 * pings at most the one player it names on purpose, never @everyone, @here or a role.
 */

import {
  type ActionRowBuilder,
  AttachmentBuilder,
  type BaseInteraction,
  type ButtonBuilder,
  type Channel,
  type EmbedBuilder,
  escapeMarkdown,
  type Interaction,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { Player } from '../../core/players.ts';
import type { FailureCode } from '../../i18n/failures.ts';
import { failureText, type Messages, messagesFor } from '../../i18n/index.ts';
import { chosenLanguage } from '../discord/interaction-settings.ts';

export const BOARD_FILE = 'board.png';

/** A message the bot posts: every field is one that a reply, an edit and a channel message all take. */
export interface Post {
  content?: string;
  files?: AttachmentBuilder[];
  /** On an edit: the attachments to keep (none: `[]`, so that new files replace the old). */
  attachments?: [];
  embeds?: EmbedBuilder[];
  components?: ActionRowBuilder<MessageActionRowComponentBuilder>[];
  allowedMentions: ReturnType<typeof onlyMention>;
}

/** The human players of a game (its AI left out): whom a message about it concerns. */
export function humansOf(game: {
  players: Record<'attackers' | 'defenders', { id: string }>;
  ai?: { side: 'attackers' | 'defenders' } | null;
}): string[] {
  return (['attackers', 'defenders'] as const)
    .filter((side) => game.ai?.side !== side)
    .map((side) => game.players[side].id);
}

/** Allowed mentions for a message that may ping exactly these users and nobody else. */
export function onlyMention(...userIds: string[]): { parse: []; users: string[]; repliedUser: false } {
  return { parse: [], users: userIds, repliedUser: false };
}

/**
 * Text a member wrote (a name, a server variant's, a tournament's), to show as itself in a message:
 * the one escape for all of it. No markdown (masked links, headings and lists too), no `<…>`
 * syntax (user, role, channel and command mentions, timestamps), no @everyone or @here, no link
 * (a URL's `://` is broken by a zero-width space); control and format characters are dropped.
 */
export function asText(text: string): string {
  const flat = text.replace(/[\p{Cc}\p{Cf}]/gu, '');
  return escapeMarkdown(flat, { heading: true, bulletedList: true, numberedList: true })
    .replace(/[[\]]/g, '\\$&')
    .replace(/[@<]/g, '$&\u200b')
    .replace(/:\/\//g, ':\u200b//');
}

/** A display name made safe to print (see `asText`), at most 40 characters of it. */
export function safeName(name: string): string {
  const flat = name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim() || 'someone';
  const short = [...flat].length > 40 ? `${[...flat].slice(0, 39).join('')}…` : flat;
  return asText(short);
}

/** A variant's name in the reader's language, as text (a server's variant is named by its members). */
export function variantNameText(m: Messages, variant: { id: string; name: string }): string {
  return asText(m.variantName(variant));
}

/**
 * A refusal of the game service or the engine, in the reader's language, with every word a member
 * wrote in it (their name, a variant or tournament they typed) shown as text.
 */
export function refusalText(m: Messages, failure: { code: FailureCode; params?: object }): string {
  return failureText(m, { code: failure.code, params: paramsAsText(failure.params ?? {}) });
}

/** A message's parameters with every string in them shown as text. */
export function paramsAsText<T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? asText(value) : value]),
  ) as T;
}

/** The board picture, described for screen readers (see board-description.ts). */
export function boardAttachment(picture: Buffer, description = 'The tafl board'): AttachmentBuilder {
  return new AttachmentBuilder(picture, { name: BOARD_FILE, description });
}

/** A public message with the board picture, pinging `mention` (the player to move) if given. */
export function boardMessage(
  content: string,
  picture: Buffer,
  mention?: string,
  components: ActionRowBuilder<ButtonBuilder>[] = [],
): Post {
  return {
    content,
    files: [boardAttachment(picture)],
    components,
    allowedMentions: mention ? onlyMention(mention) : onlyMention(),
  };
}

/** The reader's catalogue: the language of the member's Discord client. */
export function messagesOf(interaction: BaseInteraction): Messages {
  return messagesFor(chosenLanguage(interaction as Interaction) ?? interaction.locale);
}

/** For messages no member asked for: the catalogue of the server's preferred language. */
export function messagesOfChannel(channel: Channel): Messages {
  return messagesFor('guild' in channel ? channel.guild?.preferredLocale : undefined);
}

/** The name the member goes by in this server (their nickname), else their Discord display name. */
/** The member behind an interaction, as the game service knows a player. */
export function playerOf(interaction: BaseInteraction): Player {
  return { id: interaction.user.id, name: memberName(interaction) };
}

export function memberName(interaction: BaseInteraction): string {
  const member = interaction.member;
  if (member && 'displayName' in member && typeof member.displayName === 'string') return member.displayName;
  if (member && 'nick' in member && typeof member.nick === 'string' && member.nick) return member.nick;
  return interaction.user.displayName;
}
