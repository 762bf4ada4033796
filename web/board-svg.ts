/**
 * The board as SVG: squares (or points, for Alea Evangelii), the special squares, the last move
 * and the pieces it captured, the king ringed when threatened, the pieces, and the destinations of
 * the picked piece. Each square is a button for pointer and keyboard (arrow keys move between
 * squares, Enter or Space picks), labelled for screen readers ("e5, king").
 */
import { type Drawn, squareName } from './state.ts';

const SVG = 'http://www.w3.org/2000/svg';
/** Room around the board for the file letters and rank numbers, in squares. */
const MARGIN = 0.6;

function element<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

export function drawBoard(
  state: Drawn,
  picked: string | null,
  onSquare: (square: string) => void,
): SVGSVGElement {
  const { size } = state;
  const full = size + 2 * MARGIN;
  const svg = element('svg', {
    viewBox: `${-MARGIN} ${-MARGIN} ${full} ${full}`,
    class: `board ${state.drawnOn}`,
    role: 'grid',
    'aria-label': state.variantName,
  });
  const escapes = new Set(state.special.escapes);
  const last = new Set(state.lastMove ? [state.lastMove.from, state.lastMove.to] : []);
  const captured = new Set(state.lastMove?.captured ?? []);
  const targets = new Set(picked ? (state.legal[picked] ?? []) : []);
  const points = state.drawnOn === 'points';
  if (points) {
    for (let line = 0; line < size; line++) {
      svg.append(element('line', { x1: 0.5, y1: line + 0.5, x2: size - 0.5, y2: line + 0.5, class: 'grid' }));
      svg.append(element('line', { x1: line + 0.5, y1: 0.5, x2: line + 0.5, y2: size - 0.5, class: 'grid' }));
    }
  }
  for (let rank = size - 1; rank >= 0; rank--) {
    const row = element('g', { role: 'row' });
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
      const cell = element('g', {
        class: kinds.join(' '),
        role: 'gridcell',
        tabindex: state.legal[square] || targets.has(square) ? 0 : -1,
        'data-square': square,
        'aria-label': `${square}, ${state.labels.pieces[piece ?? 'empty']}`,
      });
      cell.append(element('rect', { x, y, width: 1, height: 1, class: 'cell' }));
      if (points && (kinds.includes('throne') || kinds.includes('escape')))
        cell.append(element('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.42, class: 'mark' }));
      if (piece) cell.append(pieceShape(piece, x + 0.5, y + 0.5));
      if (piece === 'king' && state.threats.length > 0) {
        kinds.push('threatened');
        cell.append(element('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.46, class: 'threat' }));
      }
      if (captured.has(square)) {
        kinds.push('captured');
        cell.append(
          element('path', {
            d: `M${x + 0.3} ${y + 0.3} L${x + 0.7} ${y + 0.7} M${x + 0.7} ${y + 0.3} L${x + 0.3} ${y + 0.7}`,
            class: 'capture',
          }),
        );
      }
      cell.setAttribute('class', kinds.join(' '));
      if (targets.has(square)) {
        cell.setAttribute('data-target', 'true');
        cell.append(element('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.16, class: 'target' }));
      }
      cell.addEventListener('click', () => onSquare(square));
      cell.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSquare(square);
          return;
        }
        const step = ARROWS[event.key];
        if (!step) return;
        event.preventDefault();
        const [df, dr] = step;
        const next = svg.querySelector<SVGGElement>(
          `[data-square="${squareName(Math.min(size - 1, Math.max(0, file + df)), Math.min(size - 1, Math.max(0, rank + dr)))}"]`,
        );
        next?.focus();
      });
      row.append(cell);
    }
    svg.append(row);
  }
  // A board with nothing to pick still takes the keyboard: its throne is where Tab lands.
  if (!svg.querySelector('[tabindex="0"]'))
    svg.querySelector(`[data-square="${state.special.throne}"]`)?.setAttribute('tabindex', '0');
  for (let index = 0; index < size; index++) {
    const letter = element('text', { x: index + 0.5, y: size + MARGIN * 0.6, class: 'coord' });
    letter.textContent = String.fromCharCode(97 + index);
    const number = element('text', { x: -MARGIN * 0.5, y: size - index - 0.5, class: 'coord' });
    number.textContent = String(index + 1);
    svg.append(letter, number);
  }
  return svg;
}

/** Arrow keys: a step in files and ranks (rank 1 at the bottom). */
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

function pieceShape(piece: string, cx: number, cy: number): SVGGElement {
  const group = element('g', { class: `piece ${piece}`, 'data-piece': piece });
  if (piece === 'guard') {
    group.append(element('rect', { x: cx - 0.32, y: cy - 0.32, width: 0.64, height: 0.64, rx: 0.12 }));
  } else {
    group.append(element('circle', { cx, cy, r: 0.36 }));
  }
  if (piece === 'king') {
    group.append(
      element('path', {
        d: `M${cx - 0.18} ${cy + 0.12} L${cx - 0.2} ${cy - 0.12} L${cx - 0.08} ${cy - 0.02} L${cx} ${cy - 0.18} L${cx + 0.08} ${cy - 0.02} L${cx + 0.2} ${cy - 0.12} L${cx + 0.18} ${cy + 0.12} Z`,
        class: 'crown',
      }),
    );
  }
  return group;
}
