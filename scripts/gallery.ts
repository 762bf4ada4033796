/** `npm run gallery`: sample pictures in gallery/ (git-ignored), full size and as a phone shows them (400 px wide). */
import { mkdir, writeFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { midgame } from '../bench/sample-games.ts';
import { Game, getVariant, type Side, variantIds } from '../src/engine/index.ts';
import { renderBoard } from '../src/render/index.ts';

const OUT = new URL('../gallery/', import.meta.url);

/** A game from piece lists: `K` the king, `t` attackers, `T` defenders. */
function gameWith(
  variant: (typeof variantIds)[number],
  pieces: Record<'K' | 't' | 'T', string[]>,
  sideToMove: Side,
): Game {
  const { size } = getVariant(variant);
  const grid: string[][] = Array.from({ length: size }, () => Array(size).fill(''));
  for (const [symbol, squares] of Object.entries(pieces)) {
    for (const square of squares) grid[Number(square.slice(1)) - 1][square.charCodeAt(0) - 97] = symbol;
  }
  const rows = grid.map((row) =>
    row
      .map((cell) => cell || '1')
      .join('')
      .replace(/1+/g, (run) => String(run.length)),
  );
  return new Game({ variant, position: `/${rows.join('/')}/`, sideToMove });
}

const samples: { name: string; game: Game; players?: { attackers: string; defenders: string } }[] = [];
for (const variant of variantIds) samples.push({ name: `start-${variant}`, game: new Game(variant) });
samples.push({ name: 'midgame-alea-armed', game: midgame('alea-armed', 60, 7) });
samples.push({ name: 'midgame-fetlar', game: midgame('fetlar', 40, 7) });
samples.push({ name: 'midgame-copenhagen', game: midgame('copenhagen', 30, 7) });
samples.push({ name: 'midgame-brandubh', game: midgame('brandubh', 16, 7) });
samples.push({ name: 'midgame-tablut', game: midgame('tablut', 30, 7) });

samples.push({ name: 'capture-alea-walker', game: gameWithCapture() });
function gameWithCapture(): Game {
  const game = gameWith(
    'alea-walker',
    { K: ['j10'], t: ['d4', 'e5', 'd8', 'n12'], T: ['d5', 'c6'] },
    'attackers',
  );
  game.play('d8-d6');
  return game;
}
samples.push({
  name: 'escape-threat-fetlar',
  game: gameWith('fetlar', { K: ['c1'], t: ['f1', 'j1', 'h7'], T: ['e6'] }, 'attackers'),
});
samples.push({
  name: 'capture-threat-alea-armed',
  game: gameWith('alea-armed', { K: ['e5'], t: ['d5', 'f5', 'e6', 'h4'], T: ['a10'] }, 'attackers'),
});
const guards = new Game('alea-guards');
guards.play('c1-c2');
guards.play('j11-k11');
samples.push({ name: 'guards-moved', game: guards });
const over = gameWith('fetlar', { K: ['b3'], t: ['f1', 'h8'], T: ['e6'] }, 'defenders');
over.play('b3-b1');
over.play('f1-e1');
over.play('b1-a1');
samples.push({ name: 'finished-fetlar', game: over });

// Copenhagen's exit fort: the defender closing g1 walls the king in on the edge for good.
const fort = gameWith(
  'copenhagen',
  { K: ['e1'], t: ['a5', 'k6', 'f7', 'c8'], T: ['d1', 'e2', 'f2', 'g3'] },
  'defenders',
);
fort.play('g3-g1');
samples.push({ name: 'exit-fort-copenhagen', game: fort });
// Copenhagen's shieldwall: g5-g1 takes the three defenders on d1, e1 and f1 at once.
const shieldwall = gameWith(
  'copenhagen',
  { K: ['f6'], t: ['c1', 'd2', 'e2', 'f2', 'g5', 'b9'], T: ['d1', 'e1', 'f1', 'h7'] },
  'attackers',
);
shieldwall.play('g5-g1');
samples.push({ name: 'shieldwall-copenhagen', game: shieldwall });
// Tablut: the king escapes to any edge square.
samples.push({
  name: 'escape-threat-tablut',
  game: gameWith('tablut', { K: ['e4'], t: ['a5', 'h8', 'e9', 'i2'], T: ['e5', 'c6'] }, 'attackers'),
});
const escaped = gameWith('tablut', { K: ['c4'], t: ['a5', 'h8', 'e9', 'i2'], T: ['e5', 'c6'] }, 'defenders');
escaped.play('c4-c1');
samples.push({ name: 'finished-tablut', game: escaped });
samples.push({
  name: 'hostile-names',
  game: midgame('alea-guards', 30, 7),
  players: {
    attackers: `Z̸̡̛̛̤̺̙͔̈́̆̈̐a̷̧̛̩̟͚̿̈́̔l̶̢̖̟̈́͑̔g̷̭̪̈́o̵͖̾ ${'@everyone '.repeat(20)}`,
    defenders: '\u202eevil\u202c 👑 Æthelflæd Ragnarsdóttir of the Very Long Name That Never Ends 🛡️🛡️🛡️',
  },
});

samples.push({
  name: 'rtl-and-emoji-names',
  game: midgame('fetlar', 12, 7),
  players: { attackers: 'محمد الفاتح ⚔️', defenders: 'שָׁלוֹם 🐉 Sigrún' },
});

await mkdir(OUT, { recursive: true });
for (const { name, game, players } of samples) {
  const picture = await renderBoard(
    game.snapshot(),
    players ?? { attackers: 'Ragnar', defenders: 'Æthelflæd' },
  );
  await writeFile(new URL(`${name}.png`, OUT), picture);
  const image = await loadImage(picture);
  const phone = createCanvas(400, Math.round((image.height * 400) / image.width));
  phone.getContext('2d').drawImage(image, 0, 0, phone.width, phone.height);
  await writeFile(new URL(`${name}-400px.png`, OUT), await phone.encode('png'));
  console.log(
    `gallery/${name}.png (${(picture.length / 1024).toFixed(0)} KB, ${image.width}x${image.height})`,
  );
}
