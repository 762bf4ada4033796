/**
 * /analyze under a burst: 100 members ask at once for the reviews of 10 finished games already
 * reviewed (a fifth of them with German clients), through the real client, the emulator and real
 * Redis. Reported: when each interaction was first acknowledged (Discord wants it within 3 s),
 * when its plot arrived, the bot's event-loop delay meanwhile, the process's RSS before, at its
 * peak and after. The burst is sent twice: with no plot drawn yet, then again.
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { AiPlayer } from '../src/ai/player.ts';
import { reviewGame } from '../src/analysis/review.ts';
import { loadGame, type VariantId } from '../src/engine/index.ts';
import { startWorld } from '../test/bot/harness.ts';
import type { EmulatedUser, InteractionHandle } from '../test/discord-emulator/index.ts';
import { gameOf } from './replay.ts';
import { percentile } from './stats.ts';

const MEMBERS = 100;
const GAMES = 10;
/** Discord's time to acknowledge an interaction. */
const DEADLINE_MS = 3000;
/** What an interaction the bot did not answer within the emulator's 10 s counts as. */
const UNANSWERED_MS = 10_000;

const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function benchAnalyze(): Promise<void> {
  console.log(
    `analyze (${MEMBERS} /analyze of ${GAMES} reviewed games at once, a fifth in German; real client, emulator, Redis)`,
  );
  const world = await startWorld(1);
  const player = new AiPlayer();
  try {
    const { emulator, bots } = world;
    const service = bots[0].service;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const players = { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } };
    const ids: string[] = [];
    for (let i = 0; i < GAMES; i++) {
      const variant: VariantId = i % 2 === 0 ? 'alea-armed' : 'fetlar';
      const channelId = emulator.createChannel(`game-${i}`);
      await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
      const game = gameOf(variant, variant === 'fetlar' ? 80 : 120, i + 1);
      const started = await service.lifecycle.startGame({
        guildId: emulator.guildId,
        channelId,
        players,
        game,
      });
      if (!started.ok) throw new Error(started.code);
      await service.play.resign({ guildId: emulator.guildId, channelId }, players.attackers);
      const archived = await service.records.archived(emulator.guildId, started.value.id);
      if (!archived) throw new Error('the game was not archived');
      // Reviewed as /analyze reviews, with a quick look at each position: the burst asks for kept reviews.
      const review = await reviewGame(
        loadGame(archived.record),
        async (position) => {
          const move = await player.think(position, 'normal', 5);
          return { best: move.notation, score: move.score };
        },
        { msPerPosition: 5 },
      );
      await service.records.saveReview(emulator.guildId, archived.id, review);
      ids.push(archived.id);
    }
    const members: EmulatedUser[] = Array.from({ length: MEMBERS }, (_, i) =>
      emulator.addUser(`Member ${i + 1}`, i % 5 === 0 ? { locale: 'de' } : {}),
    );
    const channelId = emulator.createChannel('analysis');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));

    // The same thread with nothing asked, for comparison: what the machine alone costs it.
    const idle = monitorEventLoopDelay({ resolution: 10 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    idle.disable();
    console.log(
      `  event loop with nothing asked, 3 s: p99 ${ms(idle.percentile(99) / 1e6)}, max ${ms(idle.max / 1e6)}`,
    );
    const rssBefore = process.memoryUsage().rss;
    for (const burst of ['no plot drawn yet', 'again']) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      delay.enable();
      const handles: InteractionHandle[] = members.map((member, i) =>
        emulator.slash(member, 'analyze', { game: ids[i % GAMES] }, { channelId }),
      );
      const acknowledged: number[] = [];
      const shown: number[] = [];
      const refusals = new Map<string, number>();
      let unanswered = 0;
      await Promise.all(
        handles.map(async (handle) => {
          // The emulator waits 10 s for an answer: none by then counts as 10 s, and as unanswered.
          const first = await handle.firstResponse().catch(() => null);
          acknowledged.push(first ? Number(first.at - handle.sentAt) / 1e6 : UNANSWERED_MS);
          const reply = first && (await handle.reply().catch(() => null));
          if (!reply) {
            shown.push(UNANSWERED_MS);
            unanswered++;
            return;
          }
          await emulator.waitFor(() => reply.attachments.length > 0 || reply.ephemeral, 60_000);
          shown.push(Number(process.hrtime.bigint() - handle.sentAt) / 1e6);
          if (reply.ephemeral) refusals.set(reply.content, (refusals.get(reply.content) ?? 0) + 1);
        }),
      );
      delay.disable();
      clearInterval(sampler);
      const late = acknowledged.filter((time) => time > DEADLINE_MS).length;
      console.log(
        `  ${burst}: acknowledged p50 ${ms(percentile(acknowledged, 50))}, p99 ${ms(percentile(acknowledged, 99))},` +
          ` ${late} of ${MEMBERS} after 3 s; answer shown p99 ${ms(percentile(shown, 99))}` +
          `${unanswered > 0 ? ` (${unanswered} unanswered in 10 s)` : ''};` +
          ` event loop p99 ${ms(delay.percentile(99) / 1e6)}, max ${ms(delay.max / 1e6)}; RSS peak ${mb(peak)}`,
      );
      for (const [reason, times] of refusals) console.log(`    refused ${times} times: ${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
    console.log(
      `  RSS: ${mb(rssBefore)} before, ${mb(process.memoryUsage().rss)} 5 s after; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`,
    );
  } finally {
    await player.close();
    await world.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchAnalyze();
  process.exit(0);
}
