import { Game } from './src/engine/index.ts';
import { renderExplorer } from './src/render/explorer.ts';
import { boardPixels } from './src/render/index.ts';
import { forgetKeptBands } from './src/render/png.ts';
import { seededRandom } from './src/seeded-random.ts';
import { deflateSync } from 'node:zlib';
const random = seededRandom(3);
const cases: [any, any[]][] = [];
for (let i = 0; i < 200; i++) {
  const game = new Game('copenhagen');
  const depth = i % 7;
  for (let d = 0; d < depth; d++) { const moves = game.legalMoves(); game.play(moves[Math.floor(random() ** 4 * moves.length)]); }
  const moves = game.legalMoves();
  const arrows = Array.from({ length: 10 }, (_, k) => { const m = moves[Math.floor(random() * moves.length)]; return { from: m.from, to: m.to, share: Math.round(random()*20)/20, label: String(k + 1) }; });
  cases.push([{ ...game.snapshot(), lastMove: null }, arrows]);
}
const players = { attackers: 'won 5 of 12 games', defenders: 'won 6 of 12 games' };
for (const [s, a] of cases) await renderExplorer(s, a, players, { note: 'x' });
forgetKeptBands();
let cpu = process.cpuUsage(); let t = performance.now();
for (const [s, a] of cases) await renderExplorer(s, a, players, { note: 'x' });
let used = process.cpuUsage(cpu);
console.log('render, bands forgotten: cpu/render', ((used.user + used.system) / 1000 / cases.length).toFixed(1), 'ms; wall/render', ((performance.now() - t) / cases.length).toFixed(1));
const frame = boardPixels(cases[3][0], players);
cpu = process.cpuUsage();
for (let i = 0; i < 50; i++) deflateSync(frame.rows, { level: 3 });
used = process.cpuUsage(cpu);
console.log('deflate whole frame level 3 cpu', ((used.user + used.system) / 1000 / 50).toFixed(1), 'ms', frame.rows.length);
cpu = process.cpuUsage();
for (let i = 0; i < 50; i++) deflateSync(frame.rows, { level: 1 });
used = process.cpuUsage(cpu);
console.log('deflate whole frame level 1 cpu', ((used.user + used.system) / 1000 / 50).toFixed(1), 'ms');
