/**
 * `npx tsx bench/flag-latency.ts [--runs N]`: how long after a blitz player's flag falls its loss
 * is announced, with the bot's own timers (no sweep by hand), two processes on the tests' Redis
 * and the Discord emulator. Each run starts a 5+3 game, moves the injected clock to the deadline,
 * and times (on the wall clock) until the announcement is posted.
 */
import { parseArgs } from 'node:util';
import { Game } from '../src/engine/index.ts';
import { startWorld } from '../test/bot/harness.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const runs = Number(values.runs);
let now = Date.now();
const world = await startWorld(2, { now: () => now, sweepIntervalMs: 15_000 });
const { emulator, bots } = world;
const amy = emulator.addUser('Amy');
const ben = emulator.addUser('Ben');
const latencies: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const channelId = emulator.createChannel(`flag-${run}`);
    await emulator.waitFor(() => bots.every((b) => b.bot.client.channels.cache.has(channelId)));
    const started = await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: { attackers: { id: amy.id, name: 'Amy' }, defenders: { id: ben.id, name: 'Ben' } },
      game: new Game('brandubh'),
      fischer: { mainMs: 5 * 60_000, incrementMs: 3000 },
    });
    if (!started.ok) throw new Error(started.code);
    // Land between two ticks of the clock sweep, at a random phase.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 500));
    now += 5 * 60_000;
    const flagged = performance.now();
    await emulator.waitFor(
      () => emulator.messages(channelId).find((m) => m.content.includes('ran out of time')),
      5000,
    );
    latencies.push(performance.now() - flagged);
  }
} finally {
  await world.close();
}
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
console.log(
  `flag to announcement over ${runs} games: median ${at(0.5)} ms, max ${Math.round(latencies.at(-1) ?? 0)} ms`,
);
