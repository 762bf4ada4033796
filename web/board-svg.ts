/**
 * The board as SVG: squares (or points, for Alea Evangelii), the special squares, the last move
 * and the pieces it captured, the king ringed when threatened, the pieces, and the destinations of
 * the picked piece. Each square is a button for pointer and keyboard (arrow keys move between
 * squares, Enter or Space picks), labelled for screen readers ("e5, king"); a piece can be dragged
 * to where it goes, too.
 *
 * The board's markup is written as one string and parsed once, and the board listens for its
 * squares' clicks and keys itself: a 19x19 board built element by element, each with listeners of
 * its own, took most of the page's time to interactive on a slow phone (bench/web.ts). Nothing in
 * it comes from a member: square names, piece kinds and the catalogue's words, escaped.
 */
import { type Drawn, squareName } from './state.ts';

const SVG = 'http://www.w3.org/2000/svg';
/** Room around the board for the file letters and rank numbers, in squares. */
const MARGIN = 0.6;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escaped = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

/** The press the pointer began on the board: the piece it picked, and whether it was let go elsewhere. */
let drag: { from: string; picked: boolean; dropped?: boolean } | null = null;

/** Arrow keys: a step in files and ranks (rank 1 at the bottom). */
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

export function drawBoard(
  state: Drawn,
  picked: string | null,
  onSquare: (square: string) => void,
): SVGSVGElement {
  const { size } = state;
  const full = size + 2 * MARGIN;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `${-MARGIN} ${-MARGIN} ${full} ${full}`);
  svg.setAttribute('class', `board ${state.drawnOn}`);
  svg.setAttribute('role', 'grid');
  svg.setAttribute('aria-label', state.variantName);
  svg.innerHTML = boardMarkup(state, picked);
  // A board with nothing to pick still takes the keyboard: its throne is where Tab lands.
  if (!svg.querySelector('[tabindex="0"]'))
    svg.querySelector(`[data-square="${state.special.throne}"]`)?.setAttribute('tabindex', '0');

  const squareOf = (event: Event) =>
    (event.target as Element | null)?.closest?.('[data-square]')?.getAttribute('data-square') ?? null;
  // Dragging: a press on a piece that can move picks it (its destinations marked), and letting go
  // on one of them plays there. The board is drawn anew when the piece is picked, so what the
  // press began is kept beside it, not in it.
  svg.addEventListener('pointerdown', (event) => {
    const square = squareOf(event);
    drag = null;
    if (!square || !state.legal[square] || event.button !== 0) return;
    drag = { from: square, picked: picked !== square };
    if (picked !== square) onSquare(square);
  });
  svg.addEventListener('pointerup', (event) => {
    const square = squareOf(event);
    const from = drag?.from;
    if (!from || !square || square === from) return;
    drag = { from, picked: false, dropped: true };
    onSquare(square);
  });
  svg.addEventListener('click', (event) => {
    const square = squareOf(event);
    const pressed = drag;
    drag = null;
    // The press picked the piece already, or the drop played the move: the click adds nothing.
    if (!square || (pressed && (pressed.dropped || (pressed.picked && pressed.from === square)))) return;
    onSquare(square);
  });
  svg.addEventListener('keydown', (event) => {
    const square = squareOf(event);
    if (!square) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSquare(square);
      return;
    }
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1)) - 1;
    const clamp = (value: number) => Math.min(size - 1, Math.max(0, value));
    svg
      .querySelector<SVGGElement>(
        `[data-square="${squareName(clamp(file + step[0]), clamp(rank + step[1]))}"]`,
      )
      ?.focus();
  });
  return svg;
}

function boardMarkup(state: Drawn, picked: string | null): string {
  const { size } = state;
  const escapes = new Set(state.special.escapes);
  const last = new Set(state.lastMove ? [state.lastMove.from, state.lastMove.to] : []);
  const captured = new Set(state.lastMove?.captured ?? []);
  const targets = new Set(picked ? (state.legal[picked] ?? []) : []);
  const points = state.drawnOn === 'points';
  const labels = state.labels.pieces;
  const parts: string[] = [];
  if (points)
    for (let line = 0; line < size; line++)
      parts.push(
        `<line x1="0.5" y1="${line + 0.5}" x2="${size - 0.5}" y2="${line + 0.5}" class="grid"/>`,
        `<line x1="${line + 0.5}" y1="0.5" x2="${line + 0.5}" y2="${size - 0.5}" class="grid"/>`,
      );
  for (let rank = size - 1; rank >= 0; rank--) {
    parts.push('<g role="row">');
    for (let file = 0; file < size; file++) {
      const square = squareName(file, rank);
      const x = file;
      const y = size - 1 - rank;
      const piece = state.board[rank][file];
      const kinds = ['square'];
      if (!points && (file + rank) % 2 === 1) kinds.push('odd');
      if (square === state.special.throne) kinds.push('throne');
      if (escapes.has(square)) kinds.push('escape');
      if (last.has(square)) kinds.push('last');
      if (square === picked) kinds.push('picked');
      if (state.legal[square]) kinds.push('movable');
      const threatened = piece === 'king' && state.threats.length > 0;
      if (threatened) kinds.push('threatened');
      if (captured.has(square)) kinds.push('captured');
      const target = targets.has(square);
      const focusable = state.legal[square] || target ? 0 : -1;
      const label = escaped(`${square}, ${labels[piece ?? 'empty']}`);
      parts.push(
        `<g class="${kinds.join(' ')}" role="gridcell" tabindex="${focusable}" data-square="${square}" aria-label="${label}"${target ? ' data-target="true"' : ''}>`,
        `<rect x="${x}" y="${y}" width="1" height="1" class="cell"/>`,
      );
      if (points && (kinds.includes('throne') || kinds.includes('escape')))
        parts.push(`<circle cx="${x + 0.5}" cy="${y + 0.5}" r="0.42" class="mark"/>`);
      if (piece) parts.push(pieceMarkup(piece, x + 0.5, y + 0.5));
      if (threatened) parts.push(`<circle cx="${x + 0.5}" cy="${y + 0.5}" r="0.46" class="threat"/>`);
      if (captured.has(square))
        parts.push(
          `<path d="M${x + 0.3} ${y + 0.3} L${x + 0.7} ${y + 0.7} M${x + 0.7} ${y + 0.3} L${x + 0.3} ${y + 0.7}" class="capture"/>`,
        );
      if (target) parts.push(`<circle cx="${x + 0.5}" cy="${y + 0.5}" r="0.16" class="target"/>`);
      parts.push('</g>');
    }
    parts.push('</g>');
  }
  for (let index = 0; index < size; index++)
    parts.push(
      `<text x="${index + 0.5}" y="${size + MARGIN * 0.6}" class="coord">${String.fromCharCode(97 + index)}</text>`,
      `<text x="${-MARGIN * 0.5}" y="${size - index - 0.5}" class="coord">${index + 1}</text>`,
    );
  return parts.join('');
}

function pieceMarkup(piece: string, cx: number, cy: number): string {
  const body =
    piece === 'guard'
      ? `<rect x="${cx - 0.32}" y="${cy - 0.32}" width="0.64" height="0.64" rx="0.12"/>`
      : `<circle cx="${cx}" cy="${cy}" r="0.36"/>`;
  const crown =
    piece === 'king'
      ? `<path d="M${cx - 0.18} ${cy + 0.12} L${cx - 0.2} ${cy - 0.12} L${cx - 0.08} ${cy - 0.02} L${cx} ${cy - 0.18} L${cx + 0.08} ${cy - 0.02} L${cx + 0.2} ${cy - 0.12} L${cx + 0.18} ${cy + 0.12} Z" class="crown"/>`
      : '';
  return `<g class="piece ${piece}" data-piece="${piece}">${body}${crown}</g>`;
}

/** What a press on `square` does, given the legal moves and the piece picked: a move, or the piece picked now (or none). */
export function pressOn(
  legal: Record<string, string[]>,
  picked: string | null,
  square: string,
): { move: { from: string; to: string } } | { picked: string | null } {
  if (picked && legal[picked]?.includes(square)) return { move: { from: picked, to: square } };
  return { picked: legal[square] && picked !== square ? square : null };
}

/** Gives the keyboard's focus to a square of the board drawn. */
export function focusSquare(square: string): void {
  (document.querySelector(`[data-square="${square}"]`) as SVGGElement | null)?.focus();
}
