/**
 * The board as a PNG: a pure function of the engine's snapshot and the players' names. It knows
 * nothing of Discord or the store.
 */
import type { BoardSnapshot, Side } from '../engine/index.ts';
import { type Messages, messagesFor } from '../i18n/index.ts';
import { backgroundFor } from './background.ts';
import { bandsOf, inkOf, overlap, type Placement, type Rows } from './bands.ts';
import { type CaptionLine, captionLines, drawCaptionLine } from './caption.ts';
import { registerFonts } from './fonts.ts';
import { cornerOf, indicesOf, type Layout, layoutFor } from './layout.ts';
import { FORT_SIDES, type Mark, spritesFor } from './pieces.ts';
import { bandedPng } from './png.ts';
import { blankFrame, type Frame, type Sprite, stamp } from './raster.ts';
import type { BoardView } from './view.ts';

export type { Placement } from './bands.ts';
export { centreOfSquare, type Layout, layoutFor } from './layout.ts';
export { PALETTE_NAMES, type Palette, type PaletteName, palette, palettes } from './palette.ts';
export { type Proportions, proportionsFor } from './pieces.ts';
export { type BoardView, DEFAULT_VIEW } from './view.ts';

export interface Players {
  attackers: string;
  defenders: string;
}

/** The picture's geometry for a snapshot: where each square's centre is, for tests and tools. */
export function layoutOf(snapshot: BoardSnapshot, view?: BoardView): Layout {
  return layoutFor(snapshot.size, snapshot.drawnOn, view);
}

export interface RenderOptions {
  /** A short note for the caption's first line, e.g. "match game 2 of 2". */
  note?: string;
  /** The caption's language (default English). */
  messages?: Messages;
  /** Drawings of the caller's (the explorer's arrows and labels): stamped under the pieces, and over them. */
  overlays?: { under: Placement[]; over: Placement[] };
  /** Each side's time on a Fischer clock, as written (e.g. `4:32`), shown at the end of its player's line. */
  clocks?: Record<Side, string>;
  /** The member's palette, side and coordinates (default: classic, from the attackers' side). */
  view?: BoardView;
}

/**
 * One frame per picture size, reused: composing and encoding are synchronous, so no two pictures
 * ever share it at once.
 */
const frames = new Map<string, Frame>();
function frameFor(layout: Layout): Frame {
  const key = `${layout.width}x${layout.height}`;
  let frame = frames.get(key);
  if (!frame) {
    frame = blankFrame(layout.width, layout.height);
    frames.set(key, frame);
  }
  return frame;
}

export async function renderBoard(
  snapshot: BoardSnapshot,
  players: Players,
  options: RenderOptions = {},
): Promise<Buffer> {
  const picture = pictureOf(snapshot, players, options);
  const { layout, background, placements, caption } = picture;
  const png = bandedPng(bandsOf(layout, background, placements, caption));
  const frame = frameFor(layout);
  // Rows whose deflated bytes the encoder kept from an earlier picture are not read: no need to draw them.
  compose(frame, picture, png.toDraw);
  return png.encode(frame);
}

/** The picture's pixels drawn in full, as PNG scanlines: what renderBoard's PNG decodes to. For tests. */
export function boardPixels(snapshot: BoardSnapshot, players: Players, options: RenderOptions = {}): Frame {
  const picture = pictureOf(snapshot, players, options);
  const frame = blankFrame(picture.layout.width, picture.layout.height);
  compose(frame, picture, [{ top: 0, bottom: frame.height }]);
  return frame;
}

/** What a picture is made of, before anything is drawn. */
interface Picture {
  layout: Layout;
  messages: Messages;
  background: Frame;
  placements: Placement[];
  caption: CaptionLine[];
}

function pictureOf(snapshot: BoardSnapshot, players: Players, options: RenderOptions): Picture {
  registerFonts();
  const layout = layoutOf(snapshot, options.view);
  const messages = options.messages ?? messagesFor('en');
  return {
    layout,
    messages,
    background: backgroundFor(snapshot, layout),
    placements: placementsOf(snapshot, layout, options.overlays),
    caption: captionLines(layout, snapshot, players, messages, options.note, options.clocks),
  };
}

/** Draws the picture's `rows` of the frame; others may be drawn in part, or left from an earlier picture. */
function compose(frame: Frame, picture: Picture, rows: Rows[]): void {
  const { layout, messages, background, placements, caption } = picture;
  const rowLength = frame.rows.length / frame.height;
  for (const { top, bottom } of rows)
    background.rows.copy(frame.rows, top * rowLength, top * rowLength, bottom * rowLength);
  for (const placement of placements) {
    const ink = inkOf(placement);
    if (rows.some((drawn) => overlap(ink, drawn)))
      stamp(frame, placement.sprite, placement.left, placement.top);
  }
  for (const line of caption) {
    if (rows.some((drawn) => overlap(line, drawn))) drawCaptionLine(frame, line, layout, messages);
  }
}

/** The sprites to stamp, in order: a winning exit fort, marks of the last move, pieces, then the ring of a threatened king. */
function placementsOf(
  snapshot: BoardSnapshot,
  layout: Layout,
  overlays: RenderOptions['overlays'] = { under: [], over: [] },
): Placement[] {
  const sprites = spritesFor(layout);
  const placements: Placement[] = [];
  const put = (sprite: Sprite, file: number, rank: number) => {
    const corner = cornerOf(layout, file, rank);
    placements.push({ sprite, left: corner.x - sprites.overhang, top: corner.y - sprites.overhang });
  };
  const mark = (kind: Mark, square: string) => {
    const { file, rank } = indicesOf(square);
    put(sprites.marks[kind], file, rank);
  };

  // The fort first: the last move's outlines stay visible over its tint.
  for (const { file, rank, sides } of exitFort(snapshot, layout)) put(sprites.fort[sides], file, rank);
  if (snapshot.lastMove) {
    mark('moved-from', snapshot.lastMove.from);
    mark('moved-to', snapshot.lastMove.to);
    for (const square of snapshot.lastMove.captured) mark('captured', square);
  }
  placements.push(...overlays.under);
  snapshot.board.forEach((row, rank) => {
    row.forEach((piece, file) => {
      if (piece) put(sprites.pieces[piece], file, rank);
    });
  });
  // After all pieces, so that no neighbour covers the ring where it reaches into their squares.
  const threat = kingThreat(snapshot);
  const king = kingOn(snapshot);
  if (threat && king) put(sprites.marks[threat], king.file, king.rank);
  placements.push(...overlays.over);
  return placements;
}

/**
 * The exit fort of a game the defenders won by one, as the engine found it: each of its squares
 * with the sides it shares with the outside (a wall piece or the board's end), to outline it.
 */
function exitFort(snapshot: BoardSnapshot, layout: Layout): { file: number; rank: number; sides: number }[] {
  const region = new Set(snapshot.exitFort);
  const steps = [
    { df: 0, dr: 1, side: FORT_SIDES.north },
    { df: 1, dr: 0, side: FORT_SIDES.east },
    { df: 0, dr: -1, side: FORT_SIDES.south },
    { df: -1, dr: 0, side: FORT_SIDES.west },
  ];
  return snapshot.exitFort.map((square) => {
    const { file, rank } = indicesOf(square);
    let sides = 0;
    for (const { df, dr, side } of steps) {
      if (!region.has(`${String.fromCharCode(97 + file + df)}${rank + dr + 1}`)) sides |= side;
    }
    return { file, rank, sides: layout.view.flipped ? turned(sides) : sides };
  });
}

/** A fort square's outside sides as the picture shows them on a board turned half round. */
function turned(sides: number): number {
  const { north, east, south, west } = FORT_SIDES;
  return (
    (sides & north ? south : 0) |
    (sides & south ? north : 0) |
    (sides & east ? west : 0) |
    (sides & west ? east : 0)
  );
}

function kingThreat(snapshot: BoardSnapshot): Mark | null {
  if (snapshot.result) return null;
  if (snapshot.threats.kingCanEscape) return 'king-can-escape';
  if (snapshot.threats.kingCanBeCaptured) return 'king-can-be-captured';
  return null;
}

function kingOn(snapshot: BoardSnapshot): { file: number; rank: number } | null {
  for (const [rank, row] of snapshot.board.entries()) {
    const file = row.indexOf('king');
    if (file >= 0) return { file, rank };
  }
  return null;
}
