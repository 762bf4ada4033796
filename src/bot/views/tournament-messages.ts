/** A tournament's messages: the sign-up with its buttons, a round's pairings, the standings (a crosstable picture and its text). */
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import type { Messages } from '../../i18n/index.ts';
import type { Crosstable } from '../../render/crosstable.ts';
import { type PlayerRecord, standings } from '../../tournament/scores.ts';
import { MAX_PLAYERS } from '../../tournament/tournament.ts';
import type { Round, TournamentDoc } from '../../tournament/types.ts';
import { customId, type TournamentAction } from '../custom-ids.ts';
import { LIMITS, listWithin } from '../discord/discord-limits.ts';
import { clipTo, displayWidth, padEndTo, padStartTo } from './display-width.ts';
import { onlyMention, type Post, safeName, variantNameText } from './present.ts';

const buttonId = (action: TournamentAction, doc: TournamentDoc) =>
  customId({ kind: 'tournament', action, tournamentId: doc.id });

/** The sign-up message: what is played, who has joined, and (while it is open) Join, Leave and Start. */
export function signupMessage(m: Messages, doc: TournamentDoc, note?: string): Post {
  const t = m.tournament;
  const head = [
    t.signup({
      name: safeName(doc.name),
      variant: variantNameText(m, { id: doc.variant, name: doc.variantName }),
      format: t.format({ format: doc.format, double: doc.double }),
      rounds:
        doc.format === 'swiss' && doc.roundsAsked ? t.rounds({ rounds: doc.roundsAsked }) : t.roundsByField,
      time: m.timeControl(doc.time),
      organiser: safeName(doc.organiser.name),
      max: MAX_PLAYERS,
    }),
  ];
  const tail = note ? [note] : [];
  const room = LIMITS.content - [...head, ...tail].reduce((sum, line) => sum + line.length + 1, 0);
  const lines = [...head, entrantsLine(m, doc, room), ...tail];
  const open = doc.status === 'signup';
  const buttons = open
    ? [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(buttonId('join', doc))
            .setLabel(t.join)
            .setStyle(ButtonStyle.Primary),
          new ButtonBuilder()
            .setCustomId(buttonId('leave', doc))
            .setLabel(t.leave)
            .setStyle(ButtonStyle.Secondary),
          new ButtonBuilder()
            .setCustomId(buttonId('start', doc))
            .setLabel(t.start)
            .setStyle(ButtonStyle.Success),
        ),
      ]
    : [];
  return { content: lines.join('\n'), components: buttons, allowedMentions: onlyMention() };
}

/** Who has joined, in at most `room` characters: as many names as fit, then how many more. */
function entrantsLine(m: Messages, doc: TournamentDoc, room: number): string {
  const t = m.tournament;
  const count = doc.players.length;
  const names = doc.players.map((player) => safeName(player.name));
  const around = t.entrants({ count, names: '' }).length;
  return t.entrants({
    count,
    names: listWithin(names, ', ', room - around, (rest) => m.andMore({ number: rest })),
  });
}

/**
 * A round's start: each pairing with its thread, byes and forfeits; in as many messages as it
 * takes (32 pairings with their mentions pass Discord's 2,000 characters), each pinging its own.
 */
export function roundMessages(m: Messages, doc: TournamentDoc, round: Round): Post[] {
  const t = m.tournament;
  const name = (id: string | null) => safeName(doc.players.find((player) => player.id === id)?.name ?? '?');
  const lines: { text: string; mentions: string[] }[] = [];
  for (const pairing of round.pairings) {
    if (pairing.defenders === null) {
      lines.push({
        text: t.byeLine({ name: name(pairing.attackers), points: pairing.result?.attackers ?? 0 }),
        mentions: [],
      });
    } else if (pairing.result?.how === 'forfeit') {
      lines.push({
        text: t.forfeitLine({ attackers: name(pairing.attackers), defenders: name(pairing.defenders) }),
        mentions: [],
      });
    } else {
      lines.push({
        text: t.pairingLine({
          attackers: `<@${pairing.attackers}>`,
          defenders: `<@${pairing.defenders}>`,
          where: pairing.threadId ? `<#${pairing.threadId}>` : '…',
        }),
        mentions: [pairing.attackers, pairing.defenders],
      });
    }
  }
  const posts: Post[] = [];
  let text = t.roundTitle({ name: safeName(doc.name), number: round.number, rounds: doc.rounds });
  let mentions: string[] = [];
  for (const line of lines) {
    if (text.length + 1 + line.text.length > LIMITS.content) {
      posts.push({ content: text, allowedMentions: onlyMention(...mentions) });
      text = line.text;
      mentions = [...line.mentions];
    } else {
      text += `\n${line.text}`;
      mentions.push(...line.mentions);
    }
  }
  posts.push({ content: text, allowedMentions: onlyMention(...mentions) });
  return posts;
}

/** Points as players write them: 2½, ½, 3. */
export function pointsText(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  if (whole === 0 && half) return '½';
  return `${whole}${half ? '½' : ''}`;
}

function tiebreakText(m: Messages, value: number): string {
  return new Intl.NumberFormat(m.language, { maximumFractionDigits: 2 }).format(value);
}

/** A result from the player's side: 1 ½ 0, + and − for forfeits, · while being played. */
function resultMark(points: number | null, how: string): string {
  if (points === null) return '·';
  if (how === 'forfeit') return points > 0 ? '+' : '−';
  return pointsText(points) || '0';
}

/** The crosstable's cells: against each rank (round robin) or each round's game (Swiss). */
export function crosstableOf(m: Messages, doc: TournamentDoc, subtitle: string): Crosstable {
  const t = m.tournament;
  const table = standings(doc);
  const rank = new Map(table.map((row, index) => [row.id, index + 1]));
  const roundRobin = doc.format === 'round-robin';
  const columns = roundRobin
    ? table.map((_, index) => String(index + 1))
    : Array.from({ length: Math.max(doc.rounds, doc.played.length) }, (_, i) => t.round({ number: i + 1 }));
  const cellsOf = (row: PlayerRecord): string[] => {
    if (roundRobin) {
      return table.map((other) => {
        if (other.id === row.id) return '';
        return row.encounters
          .filter((encounter) => encounter.opponent === other.id)
          .map((encounter) => resultMark(encounter.points, encounter.how))
          .join(' ');
      });
    }
    return columns.map((_, i) => {
      const encounter = row.encounters.find((e) => e.round === i + 1);
      if (!encounter) return '';
      if (encounter.opponent === null) return `${t.bye} ${pointsText(encounter.points ?? 0) || '0'}`;
      const side = encounter.side ? t.sideLetter({ side: encounter.side }) : '';
      return `${rank.get(encounter.opponent) ?? '?'}${side} ${resultMark(encounter.points, encounter.how)}`;
    });
  };
  return {
    title: doc.name,
    subtitle,
    heads: {
      rank: '#',
      player: t.player,
      columns,
      points: t.points,
      tiebreak: t.tiebreakShort({ format: doc.format }),
    },
    rows: table.map((row, index) => ({
      rank: index + 1,
      name: row.name,
      cells: cellsOf(row),
      points: pointsText(row.score) || '0',
      tiebreak: tiebreakText(m, row.tiebreak),
      withdrawn: Boolean(row.withdrawn),
    })),
    diagonal: roundRobin,
    footer: t.footer({ tiebreak: t.tiebreak({ format: doc.format }), sides: !roundRobin }),
  };
}

/** The crosstable as fixed-width text, for a code block: the same cells as the picture. */
export function crosstableText(table: Crosstable): string {
  const clip = (name: string) => clipTo(name.replace(/[\p{Cc}\p{Cf}`]/gu, ''), 16);
  const head = [
    table.heads.rank,
    table.heads.player,
    table.heads.points,
    table.heads.tiebreak,
    ...table.heads.columns,
  ];
  const rows = table.rows.map((row) => [
    String(row.rank),
    `${clip(row.name)}${row.withdrawn ? ' †' : ''}`,
    row.points,
    row.tiebreak,
    ...row.cells.map((cell, i) => (table.diagonal && i === row.rank - 1 ? '×' : cell || '-')),
  ]);
  const widths = head.map((_, column) =>
    Math.max(...[head, ...rows].map((cells) => displayWidth(cells[column] ?? ''))),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 1 ? padEndTo(cell, widths[column]) : padStartTo(cell, widths[column]),
      )
      .join('  ')
      .trimEnd();
  const lines = [line(head), ...rows.map(line)];
  // Within the embed's limit: as many rows as fit.
  let text = '';
  for (const [index, next] of lines.entries()) {
    if (text.length + next.length + 12 > LIMITS.embedDescription) {
      text += `… (${lines.length - index})\n`;
      break;
    }
    text += `${next}\n`;
  }
  return `\`\`\`\n${text}\`\`\``;
}

/**
 * The standings as a post: the crosstable picture and its text, with the winner once it is over.
 * `after`: the round just completed; `final`: the end; otherwise as they stand now.
 */
export async function standingsPost(
  m: Messages,
  doc: TournamentDoc,
  when: { after: number } | 'final' | 'now',
  /** Draws the crosstable's picture (off the event loop: DrawingThread.crosstable). */
  draw: (table: Crosstable) => Promise<Buffer>,
): Promise<Post> {
  const t = m.tournament;
  const name = safeName(doc.name);
  const title =
    when === 'final'
      ? t.finalStandings({ name })
      : when === 'now'
        ? t.standingsNow({ name, round: doc.played.length, rounds: doc.rounds })
        : t.standingsAfter({ name, round: when.after, rounds: doc.rounds });
  if (doc.players.length === 0)
    return { content: `${title}\n${t.noPlayers}`, allowedMentions: onlyMention() };
  const last = doc.played.filter((round) => round.status === 'complete').at(-1)?.number ?? 0;
  const subtitle =
    when === 'final' || doc.status === 'finished'
      ? t.pictureFinal
      : when === 'now'
        ? last === 0
          ? t.pictureNotStarted
          : t.pictureAfter({ round: last, rounds: doc.rounds })
        : t.pictureAfter({ round: when.after, rounds: doc.rounds });
  const table = crosstableOf(m, doc, subtitle);
  const picture = await draw(table);
  const lines = [title];
  if (when === 'final' || doc.status === 'finished') {
    const top = standings(doc);
    const best = top[0];
    const leaders = top.filter((row) => row.score === best.score && row.tiebreak === best.tiebreak);
    const names = leaders.map((row) => `<@${row.id}>`);
    lines.push(t.winner({ names: new Intl.ListFormat(m.language, { type: 'conjunction' }).format(names) }));
    if (doc.endedEarly) lines.push(t.endedEarly);
  }
  const embed = new EmbedBuilder()
    .setDescription(crosstableText(table))
    .setFooter({ text: table.footer ?? '' });
  return {
    content: lines.join('\n'),
    files: [
      new AttachmentBuilder(picture, {
        name: t.crosstableFile,
        description: t.crosstableDescription({ name: doc.name.slice(0, 80) }),
      }),
    ],
    embeds: [embed],
    allowedMentions: onlyMention(),
  };
}
