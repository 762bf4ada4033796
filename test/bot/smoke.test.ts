import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from './harness.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => world?.close());

describe('smoke', () => {
  it('logs in, registers commands, answers /help', async () => {
    const { emulator } = world;
    expect(
      emulator
        .commands({ guildId: emulator.guildId })
        .map((c) => c.name)
        .sort(),
    ).toContain('move');
    const ann = emulator.addUser('Ann');
    const reply = await emulator.slash(ann, 'help').reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.embeds[0].title).toBe('Playing tafl here');
  });
});
