/**
 * The opening explorer's message: the position's picture with the moves played there, a short
 * table of them, and buttons that step into a listed move, back one ply, or to the start. A
 * button carries the whole way to its position (variant and moves, packed), so any process can
 * answer it and no state is kept between clicks.
 */

import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { LRUCache } from 'lru-cache';
import type { Variant } from '../../engine/index.ts';
import type { Messages } from '../../i18n/index.ts';
import { type OpeningMessages, openingMessages } from '../../i18n/openings.ts';
import type { Exploration } from '../../openings/explorer.ts';
import { gamesIn, OPENING_PLIES, type Tally } from '../../openings/tree.ts';
import { renderExplorer } from '../../render/explorer.ts';
import { type BoardView, DEFAULT_VIEW, viewKey } from '../../render/view.ts';
import { customId, type ExplorerStep } from '../custom-ids.ts';
import type { BotContext } from '../discord/command.ts';
import { LIMITS } from '../discord/discord-limits.ts';
import { type Answer, privateAnswer } from '../discord/respond.ts';
import { displayWidth, padEndTo, padStartTo } from './display-width.ts';
import { boardMessage, refusalText, variantNameText } from './present.ts';

/** Moves listed in the table, drawn and given a button; the others are summed up in a line. */
export const LISTED_MOVES = 10;
const BUTTONS_PER_ROW = 5;

/** A button's custom id: what it does (a move, back, the start), then the way to its position. */
export function explorerButtonId(step: ExplorerStep, variant: string, moves: readonly string[]): string {
  return customId({ kind: 'explorer', step, variant, moves });
}

/**
 * The explorer's answer for the position `moves` reach in `variant`, or the refusal of a move;
 * its picture in the view of the member who asked or pressed (/settings).
 */
export async function explorerAnswer(
  explorer: Pick<BotContext, 'openings' | 'openingsBackfill'>,
  m: Messages,
  guildId: string,
  variant: Variant,
  moves: readonly string[],
  kind: 'public' | 'update',
  view: BoardView = DEFAULT_VIEW,
): Promise<Answer> {
  const o = openingMessages(m.language);
  // A guild's first look starts counting its games from before the explorer (in the background).
  const [outcome, backfill] = await Promise.all([
    explorer.openings.explore(guildId, variant, moves),
    explorer.openingsBackfill.start(guildId),
  ]);
  if (!outcome.ok) {
    if (outcome.code === 'too-deep') return privateAnswer(o.tooDeep({ max: outcome.max }));
    return privateAnswer(
      o.illegalMove({
        ply: outcome.ply,
        move: outcome.move.slice(0, 20).replace(/`/g, ''),
        reason: refusalText(m, outcome.refusal),
      }),
    );
  }
  const exploration = outcome.value;
  const listed = movesByFrequency(exploration).slice(0, LISTED_MOVES);
  const picture = await explorerPicture(m, o, exploration, listed, view);
  const content = explorerText(m, o, variant, exploration, backfill === 'counting');
  const message = boardMessage(
    content,
    picture,
    undefined,
    explorerButtons(o, variant.id, exploration, listed),
  );
  return { kind, message };
}

interface ListedMove {
  move: string;
  tally: Tally;
  games: number;
}

function movesByFrequency({ node }: Exploration): ListedMove[] {
  if (!node) return [];
  return Object.entries(node.moves)
    .map(([move, tally]) => ({ move, tally, games: gamesIn(tally) }))
    .sort((a, b) => b.games - a.games || a.move.localeCompare(b.move));
}

/** `1. e5-e8 d1-d4 2. e8-e9`: the moves so far, numbered as /history numbers them. */
function movesLine(exploration: Exploration): string {
  return exploration.moves
    .map((move, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${move.notation}` : move.notation))
    .join(' ');
}

function explorerText(
  m: Messages,
  o: OpeningMessages,
  variant: Variant,
  exploration: Exploration,
  countingOlder: boolean,
): string {
  const { game, node, moves } = exploration;
  const lines = [`**${o.title({ variant: variantNameText(m, variant) })}**`];
  const where = moves.length === 0 ? o.start : o.after({ moves: movesLine(exploration) });
  lines.push(game.isGameOver() ? `${where} · ${o.ended}` : `${where} · ${o.toMove(game.turn)}`);
  const all = movesByFrequency(exploration);
  if (!node || gamesIn(node.games) === 0) {
    lines.push(
      '',
      moves.length === 0 ? o.noGamesInVariant({ variant: variantNameText(m, variant) }) : o.noGamesHere,
    );
  } else {
    lines.push('', o.reached({ ...node.games, games: gamesIn(node.games) }));
    const onward = all.reduce((sum, move) => sum + move.games, 0);
    const endedHere = gamesIn(node.games) - onward;
    if (endedHere > 0 && moves.length < OPENING_PLIES) lines.push(o.endedHere({ games: endedHere }));
    if (all.length > 0) lines.push(table(o, all));
  }
  if (moves.length >= OPENING_PLIES) lines.push(o.deepest({ max: OPENING_PLIES }));
  if (countingOlder) lines.push(`-# ${o.countingOlderGames}`);
  lines.push(`-# ${o.howCounted({ max: OPENING_PLIES })}`);
  const text = lines.join('\n');
  return text.length <= LIMITS.content ? text : `${text.slice(0, LIMITS.content - 1)}…`;
}

/** The listed moves in a code block (squares and numbers only: nothing a member wrote), the rest in a line. */
function table(o: OpeningMessages, all: ListedMove[]): string {
  const listed = all.slice(0, LISTED_MOVES);
  // Each result's numbers right-aligned under each other.
  const width = (side: keyof Tally) => Math.max(...listed.map(({ tally }) => String(tally[side]).length));
  const [attackers, draws, defenders] = (['attackers', 'draws', 'defenders'] as const).map(width);
  // Columns as wide as their header in the reader's language (counted as a screen shows it).
  const moveWidth = Math.max(9, displayWidth(o.columns.move));
  const gamesWidth = Math.max(6, displayWidth(o.columns.games));
  const rows = listed.map(({ move, tally, games }, i) =>
    [
      String(i + 1).padStart(2),
      move.padEnd(moveWidth),
      String(games).padStart(gamesWidth),
      `   ${String(tally.attackers).padStart(attackers)} / ${String(tally.draws).padStart(draws)} / ${String(tally.defenders).padStart(defenders)}`,
    ].join(' '),
  );
  const rest = all.slice(LISTED_MOVES);
  const more =
    rest.length > 0
      ? `\n${o.more({ moves: rest.length, games: rest.reduce((sum, move) => sum + move.games, 0) })}`
      : '';
  const head = [
    ' #',
    padEndTo(o.columns.move, moveWidth),
    padStartTo(o.columns.games, gamesWidth),
    `   ${o.columns.results}`,
  ].join(' ');
  return `\`\`\`\n${head}\n${rows.join('\n')}\n\`\`\`${more}`;
}

/**
 * Pictures drawn lately, by everything drawn in them: members browse the same popular lines, and
 * a picture whose arrows cross most ranks is drawn almost whole (15-20 ms). A game that ends
 * changes the counts, hence the key, so a kept picture is never out of date.
 */
const recentPictures = new LRUCache<string, Buffer>({
  max: 256,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (picture) => picture.byteLength,
});

async function explorerPicture(
  m: Messages,
  o: OpeningMessages,
  exploration: Exploration,
  listed: ListedMove[],
  view: BoardView,
): Promise<Buffer> {
  const { game, node } = exploration;
  const onward = listed.reduce((sum, move) => sum + move.games, 0) || 1;
  const arrows = listed.map(({ move, games }, i) => {
    const [from, to] = move.split('-');
    return { from, to, share: games / onward, label: String(i + 1) };
  });
  const total = node ? gamesIn(node.games) : 0;
  const players = {
    attackers: o.captionWins({ wins: node?.games.attackers ?? 0, games: total }),
    defenders: o.captionWins({ wins: node?.games.defenders ?? 0, games: total }),
  };
  const key = JSON.stringify([
    game.variant.id,
    game.variant.name,
    game.position(),
    game.turn,
    arrows,
    players,
    m.language,
    viewKey(view),
  ]);
  const kept = recentPictures.get(key);
  if (kept) return kept;
  // The last move is not marked: the arrows are what the picture is about.
  const snapshot = { ...game.snapshot(), lastMove: null };
  const picture = await renderExplorer(snapshot, arrows, players, {
    note: o.captionNote,
    messages: m,
    view,
  });
  recentPictures.set(key, picture);
  return picture;
}

function explorerButtons(
  o: OpeningMessages,
  variant: string,
  exploration: Exploration,
  listed: ListedMove[],
): ActionRowBuilder<ButtonBuilder>[] {
  const path = exploration.moves.map((move) => `${move.from}-${move.to}`);
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  if (path.length < OPENING_PLIES) {
    for (let i = 0; i < listed.length; i += BUTTONS_PER_ROW) {
      rows.push(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          listed.slice(i, i + BUTTONS_PER_ROW).map(({ move }, j) =>
            new ButtonBuilder()
              .setCustomId(explorerButtonId('move', variant, [...path, move]))
              .setLabel(`${i + j + 1}. ${move}`)
              .setStyle(ButtonStyle.Secondary),
          ),
        ),
      );
    }
  }
  if (path.length > 0) {
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(explorerButtonId('back', variant, path.slice(0, -1)))
          .setLabel(o.back)
          .setStyle(ButtonStyle.Primary),
        new ButtonBuilder()
          .setCustomId(explorerButtonId('start', variant, []))
          .setLabel(o.toStart)
          .setStyle(ButtonStyle.Secondary),
      ),
    );
  }
  return rows;
}
