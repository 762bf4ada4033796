import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/seeded-random.ts';
import { Game, variantIds } from '../../src/engine/index.ts';
import { type ExplorerArrow, renderExplorer } from '../../src/render/explorer.ts';
import { centreOfSquare, layoutOf } from '../../src/render/index.ts';

const players = { attackers: 'won 5 of 12 games', defenders: 'won 6 of 12 games' };

async function pixels(png: Buffer): Promise<(x: number, y: number) => number[]> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return (x, y) => {
    const i = (Math.round(y) * image.width + Math.round(x)) * 4;
    return [data[i], data[i + 1], data[i + 2]];
  };
}

describe('the opening explorer’s picture', () => {
  it.each(variantIds)(
    '%s: arrows show on the squares moved to, and never change what a piece looks like',
    async (variant) => {
      const random = seededRandom(variant.length);
      const game = new Game(variant);
      for (let ply = 0; ply < 3; ply++)
        game.play(game.legalMoves()[Math.floor(random() * game.legalMoves().length)]);
      const moves = game.legalMoves();
      const arrows: ExplorerArrow[] = Array.from({ length: 10 }, (_, i) => {
        const move = moves[Math.floor(random() * moves.length)];
        return { from: move.from, to: move.to, share: (10 - i) / 55, label: String(i + 1) };
      });
      const snapshot = { ...game.snapshot(), lastMove: null };
      const plain = await pixels(await renderExplorer(snapshot, [], players));
      const drawn = await pixels(await renderExplorer(snapshot, arrows, players));
      const layout = layoutOf(snapshot);
      const near = [-0.3, 0, 0.3].flatMap((dx) =>
        [-0.3, 0, 0.3].map((dy) => [dx * layout.cell, dy * layout.cell]),
      );
      for (const [rank, row] of snapshot.board.entries())
        for (const [file, piece] of row.entries()) {
          if (!piece) continue;
          const square = `${String.fromCharCode(97 + file)}${rank + 1}`;
          const { x, y } = centreOfSquare(layout, square);
          for (const [dx, dy] of near)
            expect(drawn(x + dx, y + dy), `${piece} on ${square}`).toEqual(plain(x + dx, y + dy));
        }
      for (const { from, to } of arrows) {
        const start = centreOfSquare(layout, from);
        const end = centreOfSquare(layout, to);
        // The head's point, past the centre of the square moved to.
        const point = {
          x: end.x + Math.sign(end.x - start.x) * layout.cell * 0.3,
          y: end.y + Math.sign(end.y - start.y) * layout.cell * 0.3,
        };
        expect(drawn(point.x, point.y), `${from}-${to}`).not.toEqual(plain(point.x, point.y));
      }
    },
  );
});
