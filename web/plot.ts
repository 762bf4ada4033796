/**
 * The review's plot on the study page: the defenders' winning chance after each move as a line
 * over an even middle, the worst moves as dots, the position shown as a mark. A click on the
 * plot shows the position after the move under it.
 */
import type { StudyState } from './state.ts';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 300;
const HEIGHT = 90;

function element<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

export function reviewPlot(
  review: NonNullable<StudyState['review']>,
  shown: number,
  label: string,
  go: (ply: number) => void,
): SVGSVGElement {
  const { chances } = review;
  const last = Math.max(1, chances.length - 1);
  const x = (ply: number) => (ply / last) * WIDTH;
  const y = (chance: number) => HEIGHT - (chance / 100) * HEIGHT;
  const svg = element('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: 'plot',
    id: 'plot',
    role: 'img',
    'aria-label': label,
  });
  svg.append(element('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: 'plot-ground' }));
  svg.append(element('line', { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: 'plot-even' }));
  const points = chances.map((chance, ply) => `${x(ply).toFixed(1)},${y(chance).toFixed(1)}`);
  svg.append(
    element('polygon', {
      points: `0,${HEIGHT} ${points.join(' ')} ${WIDTH},${HEIGHT}`,
      class: 'plot-area',
    }),
  );
  svg.append(element('polyline', { points: points.join(' '), class: 'plot-line' }));
  for (const move of review.worst) {
    const chance = chances[move.ply];
    if (chance === undefined) continue;
    svg.append(
      element('circle', {
        cx: x(move.ply),
        cy: y(chance),
        r: 3.2,
        class: move.blunder ? 'plot-blunder' : 'plot-mistake',
      }),
    );
  }
  svg.append(element('line', { x1: x(shown), y1: 0, x2: x(shown), y2: HEIGHT, class: 'plot-shown' }));
  svg.addEventListener('click', (event) => {
    const box = svg.getBoundingClientRect();
    if (box.width === 0) return;
    go(Math.round(((event.clientX - box.left) / box.width) * last));
  });
  return svg;
}
