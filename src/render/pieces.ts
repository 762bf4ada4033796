/**
 * The pieces and the marks on the board (last move, captures, threats to the king), each drawn
 * once per square size as a sprite that pictures stamp on their squares.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PieceKind } from '../engine/index.ts';
import type { Layout } from './layout.ts';
import { type Palette, palettes } from './palette.ts';
import { type Sprite, spriteOf } from './raster.ts';

export type Mark = 'moved-from' | 'moved-to' | 'captured' | 'king-can-escape' | 'king-can-be-captured';

export interface Sprites {
  pieces: Record<PieceKind, Sprite>;
  marks: Record<Mark, Sprite>;
  /**
   * A square of an exit fort's region, tinted, with a line on each side that borders the outside:
   * indexed by a mask of those sides (FORT_SIDES).
   */
  fort: Sprite[];
  /** How far sprites reach past their cell on each side (the threat rings do). */
  overhang: number;
}

/** Sides of a square as bits of the fort sprites' index. */
export const FORT_SIDES = { north: 1, east: 2, south: 4, west: 8 } as const;

/** Sizes of pieces and rings as fractions of a cell, shared with the tests that read pictures back. */
export interface Proportions {
  piece: number;
  king: number;
  /** The dark ring inside a guard. */
  guardRing: number;
  /** The ring around a threatened king. */
  threatRing: number;
}

/**
 * Up to 70 px cells (11x11 and 19x19 boards) a piece spans 80% of its square. The large squares
 * of 9x9 and 7x7 boards get relatively smaller pieces, down to 68% at 108 px: a disc filling the
 * square hides the throne and corner marks and the grid, and crowds its neighbours.
 */
export function proportionsFor(cell: number): Proportions {
  const shrink = Math.min(1, Math.max(0, (cell - 70) / 38));
  const piece = 0.4 - 0.06 * shrink;
  return {
    piece,
    king: piece + 0.06,
    guardRing: piece / 2,
    threatRing: piece + 0.17,
  };
}

const KINDS: PieceKind[] = ['attacker', 'defender', 'guard', 'king'];
type Draw = (context: SKRSContext2D, cell: number, sizes: Proportions, palette: Palette) => void;
const MARKS: Record<Mark, Draw> = {
  'moved-from': (context, cell, _, palette) => moveOutline(context, cell, palette, false),
  'moved-to': (context, cell, _, palette) => moveOutline(context, cell, palette, true),
  captured: (context, cell, _, palette) => drawCapture(context, cell, palette),
  'king-can-escape': (context, cell, sizes, palette) =>
    drawKingThreat(context, cell, sizes, palette, 'escape'),
  'king-can-be-captured': (context, cell, sizes, palette) =>
    drawKingThreat(context, cell, sizes, palette, 'capture'),
};

const drawn = new Map<string, Sprites>();

/** The sprites of a cell size in the layout's palette, drawn once. */
export function spritesFor(layout: Layout): Sprites {
  const key = `${layout.cell}:${layout.view.palette}`;
  let sprites = drawn.get(key);
  if (!sprites) {
    const palette = palettes[layout.view.palette];
    const overhang = Math.ceil(layout.cell * 0.15);
    const sizes = proportionsFor(layout.cell);
    const sprite = (draw: Draw) => {
      const side = layout.cell + 2 * overhang;
      const canvas = createCanvas(side, side);
      const context = canvas.getContext('2d');
      context.translate(overhang, overhang);
      draw(context, layout.cell, sizes, palette);
      return spriteOf(canvas);
    };
    sprites = {
      pieces: Object.fromEntries(
        KINDS.map((kind) => [
          kind,
          sprite((context, cell) => drawPiece(context, cell, sizes, palette, kind)),
        ]),
      ) as Record<PieceKind, Sprite>,
      marks: Object.fromEntries(Object.entries(MARKS).map(([mark, draw]) => [mark, sprite(draw)])) as Record<
        Mark,
        Sprite
      >,
      fort: Array.from({ length: 16 }, (_, sides) =>
        sprite((context, cell) => drawFort(context, cell, palette, sides)),
      ),
      overhang,
    };
    drawn.set(key, sprites);
  }
  return sprites;
}

/** Attackers dark, defenders light; a guard has a dark ring inside, the king is larger with a cross. */
function drawPiece(
  context: SKRSContext2D,
  cell: number,
  sizes: Proportions,
  palette: Palette,
  kind: PieceKind,
): void {
  const x = cell / 2;
  const y = cell / 2;
  const radius = cell * (kind === 'king' ? sizes.king : sizes.piece);
  const dark = kind === 'attacker';
  context.beginPath();
  context.arc(x, y, radius, 0, Math.PI * 2);
  context.fillStyle = dark ? palette.attacker : palette.defender;
  context.fill();
  context.lineWidth = Math.max(2, cell * 0.06);
  context.strokeStyle = dark ? palette.attackerEdge : palette.defenderEdge;
  context.stroke();
  if (dark) {
    // A small highlight so dark discs read as pieces, not holes.
    context.beginPath();
    context.arc(x - radius * 0.3, y - radius * 0.3, radius * 0.22, 0, Math.PI * 2);
    context.fillStyle = palette.attackerShine;
    context.fill();
  }
  if (kind === 'guard') {
    context.beginPath();
    context.arc(x, y, cell * sizes.guardRing, 0, Math.PI * 2);
    context.lineWidth = Math.max(3, cell * 0.09);
    context.strokeStyle = palette.defenderEdge;
    context.stroke();
  }
  if (kind === 'king') {
    const arm = radius * 0.62;
    const thick = Math.max(4, radius * 0.28);
    context.fillStyle = palette.kingMark;
    context.fillRect(x - thick / 2, y - arm, thick, arm * 2);
    context.fillRect(x - arm, y - thick / 2, arm * 2, thick);
  }
}

/** The square a piece left (an outline) and reached (an outline over a tint) on the last move. */
function moveOutline(context: SKRSContext2D, cell: number, palette: Palette, reached: boolean): void {
  if (reached) {
    context.fillStyle = palette.lastMoveFill;
    context.fillRect(0, 0, cell, cell);
  }
  context.lineWidth = Math.max(3, Math.round(cell * 0.12));
  context.strokeStyle = palette.lastMoveEdge;
  const inset = context.lineWidth / 2 + 1;
  context.strokeRect(inset, inset, cell - 2 * inset, cell - 2 * inset);
}

/** An X where a piece was just captured. */
function drawCapture(context: SKRSContext2D, cell: number, palette: Palette): void {
  const reach = cell * 0.3;
  const centre = cell / 2;
  context.strokeStyle = palette.capture;
  context.lineWidth = Math.max(4, cell * 0.13);
  context.lineCap = 'round';
  context.beginPath();
  context.moveTo(centre - reach, centre - reach);
  context.lineTo(centre + reach, centre + reach);
  context.moveTo(centre - reach, centre + reach);
  context.lineTo(centre + reach, centre - reach);
  context.stroke();
}

/** A ring around the king: solid when he can escape next move, dashed when he can be captured. */
function drawKingThreat(
  context: SKRSContext2D,
  cell: number,
  sizes: Proportions,
  palette: Palette,
  threat: 'escape' | 'capture',
): void {
  context.beginPath();
  context.arc(cell / 2, cell / 2, cell * sizes.threatRing, 0, Math.PI * 2);
  context.lineWidth = Math.max(4, cell * 0.11);
  context.strokeStyle = threat === 'escape' ? palette.escapeThreat : palette.captureThreat;
  if (threat === 'capture') context.setLineDash([cell * 0.24, cell * 0.12]);
  context.stroke();
}

/**
 * A square of the exit fort that won the game: tinted, with a line along each side in `sides`
 * (FORT_SIDES), those bordering the outside, so that the squares together show the fort's outline.
 */
function drawFort(context: SKRSContext2D, cell: number, palette: Palette, sides: number): void {
  context.fillStyle = palette.fortFill;
  context.fillRect(0, 0, cell, cell);
  const width = Math.max(5, Math.round(cell * 0.12));
  const half = width / 2;
  context.fillStyle = palette.fortEdge;
  // Each line is centred on the square's side and runs half its width past both ends, so that
  // the lines of neighbouring squares join at outer and inner corners alike.
  if (sides & FORT_SIDES.north) context.fillRect(-half, -half, cell + width, width);
  if (sides & FORT_SIDES.south) context.fillRect(-half, cell - half, cell + width, width);
  if (sides & FORT_SIDES.west) context.fillRect(-half, -half, width, cell + width);
  if (sides & FORT_SIDES.east) context.fillRect(cell - half, -half, width, cell + width);
}
