/** The pieces and the marks on the board: last move, captures, threats to the king. */
import { createCanvas, type Image, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import type { PieceKind } from '../engine/index.ts';
import type { Layout } from './layout.ts';
import { palette } from './palette.ts';

const KINDS: PieceKind[] = ['attacker', 'defender', 'guard', 'king'];
const sprites = new Map<number, Promise<Record<PieceKind, Image>>>();

/**
 * Each kind of piece drawn once per square size and stamped as an image: a copy of pixels costs a
 * fraction of drawing 70 antialiased discs anew for every picture.
 */
export function spritesFor(layout: Layout): Promise<Record<PieceKind, Image>> {
  let set = sprites.get(layout.cell);
  if (!set) {
    set = Promise.all(
      KINDS.map((kind) => {
        const canvas = createCanvas(layout.cell, layout.cell);
        drawPiece(canvas.getContext('2d'), layout, kind, layout.cell / 2, layout.cell / 2);
        return loadImage(canvas.encodeSync('png'));
      }),
    ).then(
      (images) =>
        Object.fromEntries(KINDS.map((kind, index) => [kind, images[index]])) as Record<PieceKind, Image>,
    );
    sprites.set(layout.cell, set);
  }
  return set;
}

export function drawPiece(
  context: SKRSContext2D,
  layout: Layout,
  kind: PieceKind,
  x: number,
  y: number,
): void {
  const radius = layout.cell * (kind === 'king' ? 0.46 : 0.4);
  const dark = kind === 'attacker';
  context.beginPath();
  context.arc(x, y, radius, 0, Math.PI * 2);
  context.fillStyle = dark ? palette.attacker : palette.defender;
  context.fill();
  context.lineWidth = Math.max(2, layout.cell * 0.06);
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
    context.arc(x, y, radius * 0.5, 0, Math.PI * 2);
    context.lineWidth = Math.max(3, layout.cell * 0.09);
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

/** The squares a piece left and reached on the last move. */
export function drawLastMove(
  context: SKRSContext2D,
  layout: Layout,
  from: { x: number; y: number },
  to: { x: number; y: number },
): void {
  const half = layout.cell / 2;
  context.fillStyle = palette.lastMoveFill;
  context.fillRect(to.x - half, to.y - half, layout.cell, layout.cell);
  context.lineWidth = Math.max(3, layout.cell * 0.08);
  context.strokeStyle = palette.lastMoveEdge;
  const inset = context.lineWidth / 2 + 1;
  context.strokeRect(
    from.x - half + inset,
    from.y - half + inset,
    layout.cell - 2 * inset,
    layout.cell - 2 * inset,
  );
  context.strokeRect(
    to.x - half + inset,
    to.y - half + inset,
    layout.cell - 2 * inset,
    layout.cell - 2 * inset,
  );
}

/** An X where a piece was just captured. */
export function drawCapture(context: SKRSContext2D, layout: Layout, at: { x: number; y: number }): void {
  const reach = layout.cell * 0.3;
  context.strokeStyle = palette.capture;
  context.lineWidth = Math.max(4, layout.cell * 0.12);
  context.lineCap = 'round';
  context.beginPath();
  context.moveTo(at.x - reach, at.y - reach);
  context.lineTo(at.x + reach, at.y + reach);
  context.moveTo(at.x - reach, at.y + reach);
  context.lineTo(at.x + reach, at.y - reach);
  context.stroke();
  context.lineCap = 'butt';
}

/** A ring around the king: solid when he can escape next move, dashed when he can be captured. */
export function drawKingThreat(
  context: SKRSContext2D,
  layout: Layout,
  at: { x: number; y: number },
  threat: 'escape' | 'capture',
): void {
  context.beginPath();
  context.arc(at.x, at.y, layout.cell * 0.56, 0, Math.PI * 2);
  context.lineWidth = Math.max(4, layout.cell * 0.1);
  context.strokeStyle = threat === 'escape' ? palette.escapeThreat : palette.captureThreat;
  context.setLineDash(threat === 'escape' ? [] : [layout.cell * 0.16, layout.cell * 0.1]);
  context.stroke();
  context.setLineDash([]);
}
