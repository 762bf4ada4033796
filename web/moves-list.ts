/**
 * The game's moves as the page lists them, numbered in pairs, each a button that shows the
 * position after it; and the step bar under a board looked back at (first, previous, next, last,
 * and the arrow keys, Home and End wherever the board's squares do not take them).
 */
import { el } from './dom.ts';

export interface Stepping {
  /** The ply shown (0: the start), or null for the live position. */
  ply: number | null;
  plies: number;
  go(ply: number): void;
}

/** The moves, the one after `shown` plies marked as current. */
export function movesList(
  moves: string[],
  shown: number | null,
  go: (ply: number) => void,
): HTMLOListElement {
  const list = el('ol', undefined, { class: 'moves', id: 'moves' });
  for (let index = 0; index < moves.length; index += 2) {
    const item = el('li');
    for (const ply of [index + 1, index + 2]) {
      if (!moves[ply - 1]) continue;
      const button = el('button', moves[ply - 1], { type: 'button', class: 'move', 'data-ply': String(ply) });
      if (ply === shown) button.setAttribute('aria-current', 'step');
      item.append(button);
    }
    list.append(item);
  }
  list.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-ply]');
    if (button) go(Number(button.dataset.ply));
  });
  return list;
}

/** First, previous, next and last, as buttons labelled for screen readers. */
export function stepBar(
  stepping: Stepping,
  labels: { first: string; previous: string; next: string; last: string },
): HTMLElement {
  const bar = el('div', undefined, { class: 'steps', role: 'group' });
  const at = stepping.ply ?? stepping.plies;
  const steps: [string, string, number][] = [
    ['«', labels.first, 0],
    ['‹', labels.previous, at - 1],
    ['›', labels.next, at + 1],
    ['»', labels.last, stepping.plies],
  ];
  for (const [symbol, label, ply] of steps) {
    const button = el('button', symbol, { type: 'button', class: 'step', 'aria-label': label, title: label });
    if (ply < 0 || ply > stepping.plies || ply === at) button.disabled = true;
    else button.addEventListener('click', () => stepping.go(ply));
    bar.append(button);
  }
  return bar;
}

/** Arrow keys, Home and End step through the moves, unless a square of the board has the focus. */
export function stepKeys(current: () => Stepping | null): void {
  document.addEventListener('keydown', (event) => {
    const stepping = current();
    if (!stepping || (event.target as Element | null)?.closest?.('svg.board')) return;
    const at = stepping.ply ?? stepping.plies;
    const to =
      event.key === 'ArrowLeft'
        ? at - 1
        : event.key === 'ArrowRight'
          ? at + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? stepping.plies
              : null;
    if (to === null || to < 0 || to > stepping.plies || to === at) return;
    event.preventDefault();
    stepping.go(to);
  });
}
