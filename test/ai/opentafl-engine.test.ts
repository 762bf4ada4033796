import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { variantFromRules } from '../../src/ai/opentafl-engine.ts';
import { Game, getVariant, rulesString, variantIds } from '../../src/engine/index.ts';

describe('the OpenTafl engine protocol', () => {
  it.each(variantIds)('%s: our own rules string is read back as the same variant', (id) => {
    const variant = getVariant(id);
    expect(variantFromRules(rulesString(variant, variant.layout, variant.firstToMove))?.variant).toBe(id);
  });

  it('plays a game over stdin and stdout, as `npm run engine` runs it', async () => {
    const engine = spawn(process.execPath, ['--import', 'tsx', 'src/ai/opentafl-engine.ts', 'easy'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: engine.stdout });
    const received: string[] = [];
    const waiters: ((line: string) => void)[] = [];
    lines.on('line', (line) => {
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else received.push(line);
    });
    const next = () =>
      new Promise<string>((resolve) =>
        received.length ? resolve(received.shift() as string) : waiters.push(resolve),
      );
    const send = (line: string) => engine.stdin.write(`${line}\n`);
    try {
      expect(await next()).toBe('hello');
      const fetlar = getVariant('fetlar');
      const shadow = new Game('fetlar');
      send(`rules ${rulesString(fetlar, fetlar.layout, 'attackers')}`);
      send('side attackers');
      send('start');
      send('play attackers');
      send('clock 6 6 0 0 0');
      const first = await next();
      expect(first).toMatch(/^move [a-k]\d+-[a-k]\d+$/);
      shadow.play(first.slice(5));
      const reply = shadow.legalMoves()[0].notation;
      shadow.play(reply);
      send(`opponent-move ${reply} ${shadow.position()}`);
      send('play attackers');
      const second = await next();
      expect(second).toMatch(/^move /);
      expect(shadow.legalMoves().map((move) => move.notation)).toContain(second.slice(5));
      shadow.play(second.slice(5));
      // Now the defenders are to move: asking the engine to play the attackers is refused.
      send('play attackers');
      expect(await next()).toBe('error 1');
      send('rules dim:13 start:/13/13/13/13/13/13/6K6/13/13/13/13/13/13/');
      expect(await next()).toBe('error 0');
      send('goodbye');
      expect(await new Promise((resolve) => engine.on('exit', resolve))).toBe(0);
    } finally {
      engine.kill();
    }
  });
});
