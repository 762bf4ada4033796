/**
 * The move picker: a private message under which a member plays a move by choosing, not typing.
 * First the piece (a menu of the pieces that can move, up to four menus of 25; on a board with more
 * movable pieces than that, first the part of the board where the piece stands), then where it goes
 * (the piece's destinations, marked on the picture with their names). So every legal move is at
 * most three choices away on any board, within Discord's five rows of components. The strongest
 * moves, as /move suggests them, are buttons of their own where a row is free.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageActionRowComponentBuilder,
  StringSelectMenuBuilder,
} from 'discord.js';
import { type MoveSuggestion, movablePieces, pieceMoves, suggestMoves } from '../../analysis/suggestions.ts';
import type { Square } from '../../engine/index.ts';
import type { ActiveGame } from '../../game/service.ts';
import { type Messages, suggestionName } from '../../i18n/index.ts';
import type { BoardView } from '../../render/view.ts';
import { customId } from '../custom-ids.ts';
import { clipped, LIMITS } from '../discord/discord-limits.ts';
import { boardDescription } from './board-description.ts';
import type { BoardPictures } from './board-pictures.ts';
import { boardAttachment, onlyMention, type Post, variantNameText } from './present.ts';

/** Menus of pieces or destinations: the rows left beside one row of buttons. */
const MOST_MENUS = LIMITS.actionRows - 1;
/** Quick buttons for the strongest moves: one row. */
const QUICK_MOVES = LIMITS.rowButtons;

/** Where the member is in the picker: nothing chosen, a part of a crowded board, or a piece. */
export type PickerChoice = { piece?: undefined; group?: number } | { piece: Square; group?: undefined };

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

/** The picker's message at `choice`, with a line before it (`note`: why it shows the position anew), drawn in the member's `boardView`. */
export async function pickerMessage(
  m: Messages,
  active: ActiveGame,
  pictures: BoardPictures,
  choice: PickerChoice,
  note?: string,
  boardView?: BoardView,
): Promise<Post> {
  const view = pickerView(m, active, choice);
  // The picture needs only the squares; what each move does is weighed once, for the menus.
  const picture = choice.piece
    ? await pictures.marked(
        active,
        m,
        {
          piece: choice.piece,
          destinations: active.game.legalMoves({ from: choice.piece }).map((move) => move.to),
        },
        boardView,
      )
    : await pictures.of(active, m, undefined, boardView);
  return {
    content: note ? `${note}\n${view.content}` : view.content,
    files: [boardAttachment(picture, boardDescription(m, active))],
    attachments: [],
    components: view.rows,
    allowedMentions: onlyMention(),
  };
}

/** The picker's words and its rows of menus and buttons at `choice`. */
export function pickerView(
  m: Messages,
  active: ActiveGame,
  choice: PickerChoice,
): { content: string; rows: Row[] } {
  return choice.piece ? destinationsView(m, active, choice.piece) : piecesView(m, active, choice.group);
}

/** The picker once its move is played: the words alone. */
export function pickerClosed(content: string): Post {
  return { content, files: [], attachments: [], components: [], allowedMentions: onlyMention() };
}

/** Items split into as few runs of at most `most` as can be, as even as can be, in order. */
export function evenRuns<T>(items: readonly T[], most: number): T[][] {
  const count = Math.max(1, Math.ceil(items.length / most));
  const runs: T[][] = [];
  for (let i = 0; i < count; i++)
    runs.push(
      items.slice(Math.floor((i * items.length) / count), Math.floor(((i + 1) * items.length) / count)),
    );
  return runs;
}

function piecesView(m: Messages, active: ActiveGame, group?: number): { content: string; rows: Row[] } {
  const { game } = active;
  const gameId = active.id;
  const ply = game.plyCount;
  const heading = { variant: variantNameText(m, game.variant), number: Math.floor(ply / 2) + 1 };
  const pieces = movablePieces(game);
  const quick = quickRow(m, active);
  const pieceMenu = (run: typeof pieces, menu: number) =>
    new StringSelectMenuBuilder()
      .setCustomId(customId({ kind: 'picker', step: 'piece', gameId, ply, menu }))
      .setPlaceholder(m.picker.piecesMenu({ first: run[0].square, last: run.at(-1)?.square ?? '' }))
      .addOptions(
        run.map((piece) => ({
          label: clipped(m.suggestions.piece(piece), LIMITS.optionLabel),
          value: piece.square,
        })),
      );
  const withQuick = (rows: Row[]) => (quick ? [...rows, quick] : rows);
  const strongest = quick ? `\n${m.picker.strongest}` : '';

  if (pieces.length <= MOST_MENUS * LIMITS.menuOptions) {
    const rows = evenRuns(pieces, LIMITS.menuOptions).map((run, menu) => row(pieceMenu(run, menu)));
    return { content: `${m.picker.choosePiece(heading)}${strongest}`, rows: withQuick(rows) };
  }
  // More pieces can move than four menus hold: the board's part first (at most 25 parts of 25).
  const groups = evenRuns(pieces, LIMITS.menuOptions);
  const groupMenu = new StringSelectMenuBuilder()
    .setCustomId(customId({ kind: 'picker', step: 'group', gameId, ply }))
    .setPlaceholder(m.picker.groupsMenu)
    .addOptions(
      groups.map((run, index) => ({
        label: clipped(
          m.picker.group({ first: run[0].square, last: run.at(-1)?.square ?? '', count: run.length }),
          LIMITS.optionLabel,
        ),
        value: String(index),
        default: index === group,
      })),
    );
  const rows = [row(groupMenu)];
  if (group !== undefined && groups[group]) rows.push(row(pieceMenu(groups[group], group)));
  return { content: `${m.picker.chooseGroup(heading)}${strongest}`, rows: withQuick(rows) };
}

function destinationsView(m: Messages, active: ActiveGame, piece: Square): { content: string; rows: Row[] } {
  const gameId = active.id;
  const ply = active.game.plyCount;
  const moves = pieceMoves(active.game, piece);
  const rows = evenRuns(moves, LIMITS.menuOptions)
    .slice(0, MOST_MENUS)
    .map((run, menu) =>
      row(
        new StringSelectMenuBuilder()
          .setCustomId(customId({ kind: 'picker', step: 'to', gameId, ply, from: piece, menu }))
          .setPlaceholder(
            m.picker.destinationsMenu({ square: piece, first: to(run[0]), last: to(run.at(-1) ?? run[0]) }),
          )
          .addOptions(run.map((move) => destinationOption(m, move))),
      ),
    );
  const back = new ButtonBuilder()
    .setCustomId(customId({ kind: 'picker', step: 'back', gameId, ply }))
    .setLabel(m.picker.back)
    .setStyle(ButtonStyle.Secondary);
  return { content: m.picker.pieceChosen({ square: piece }), rows: [...rows, row(back)] };
}

const to = (move: MoveSuggestion) => move.value.split('-')[1];

function destinationOption(m: Messages, move: MoveSuggestion) {
  const name = suggestionName(m, move);
  const said = name.slice(move.move.notation.length).replace(/^:\s*/, '');
  return {
    label: move.move.notation,
    value: to(move),
    ...(said ? { description: clipped(said, LIMITS.optionDescription) } : {}),
  };
}

/** The strongest moves as buttons, as /move suggests them with nothing typed; none when none stands out. */
function quickRow(m: Messages, active: ActiveGame): Row | null {
  const strongest = suggestMoves(active.game, '')
    .filter((suggestion): suggestion is MoveSuggestion => 'move' in suggestion)
    .slice(0, QUICK_MOVES);
  if (strongest.length === 0) return null;
  return row(
    ...strongest.map((suggestion) =>
      new ButtonBuilder()
        .setCustomId(
          customId({
            kind: 'picker',
            step: 'play',
            gameId: active.id,
            ply: active.game.plyCount,
            move: suggestion.value,
          }),
        )
        .setLabel(clipped(suggestionName(m, suggestion), LIMITS.buttonLabel))
        .setStyle(ButtonStyle.Primary),
    ),
  );
}

function row(...components: MessageActionRowComponentBuilder[]): Row {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...components);
}
