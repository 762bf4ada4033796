import { describe, expect, it } from 'vitest';
import { fileWorld } from './harness.ts';

const world = fileWorld();

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
