/**
 * The OpenTafl engine protocol: a host's rule set is played as written, not as the nearest
 * built-in variant (7x7 strings that each differ from Brandubh in one rule: the king taken by two
 * on his throne, the edge an escape, a repetition drawn or won by the defenders), the engine's
 * legal moves and results checked against the game engine under the same rules; what it cannot
 * play, and weights it cannot load, are refused as the protocol reports errors (`error -1 <why>`).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { WEIGHTS_FILE, weightsProblem } from '../../src/ai/learned-weights.ts';
import { OpenTaflEngine } from '../../src/ai/opentafl-engine.ts';
import { Game, getVariant, houseVariant, parseOpenTaflRules, rulesString } from '../../src/engine/index.ts';
import { gameWith, notationOf, type Pieces } from '../engine/setup.ts';

/** A Brandubh-like 7x7 rule set: the edge an escape (`esc:e cor:`), the king taken by two everywhere (`ks:w`). */
const houseRules = (pieces: Pieces | null, extra: string) =>
  `dim:7 name:House_Brandubh esc:e cor: ks:w ${extra} start:${pieces ? notationOf(7, pieces) : getVariant('brandubh').layout}`;

/** The game engine under the very rules of a string. */
const reference = (rules: string) =>
  new Game({ variant: houseVariant(parseOpenTaflRules(rules), 'server:reference') });

/** The engine in this thread: each line sent, and the lines it answered. */
function inProcess() {
  const answered: string[] = [];
  const engine = new OpenTaflEngine((line) => answered.push(line), 'normal');
  const send = (...lines: string[]) => {
    for (const line of lines) engine.receive(line);
    return answered.splice(0);
  };
  return { engine, send };
}

const sorted = (game: Game | null) => (game?.legalMoves() ?? []).map((move) => move.notation).sort();

describe('the engine plays the rules it is sent', () => {
  it('takes the king on his throne with two attackers, where the string says so', () => {
    const pieces = { king: 'd4', attackers: ['c4', 'e7', 'a7'], defenders: ['g1'] };
    const rules = houseRules(pieces, 'atkf:y tfr:d');
    const { engine, send } = inProcess();
    expect(send(`rules ${rules}`, 'clock 6000 6000 0 0 0')).toEqual([]);
    const shadow = reference(rules);
    expect(sorted(engine.game)).toEqual(sorted(shadow));
    expect(send('play attackers')).toEqual(['move e7-e4']);
    shadow.play('e7-e4');
    expect(engine.game?.result).toEqual({ winner: 'attackers', reason: 'king-captured', square: 'd4' });
    expect(engine.game?.result).toEqual(shadow.result);
    // Brandubh itself, the nearest built-in, wants four attackers round the throne: no capture there.
    const brandubh = gameWith('brandubh', pieces, 'attackers');
    brandubh.play('e7-e4');
    expect(brandubh.result).toBeNull();
    expect(send('play attackers')).toEqual(['error -1 the game is over (king-captured)']);
  });

  it('runs the king to the edge of a 7x7 board, where the edge is an escape', () => {
    const pieces = { king: 'd4', attackers: ['b4', 'f2', 'a1'], defenders: ['g6'] };
    const rules = houseRules(pieces, 'atkf:n');
    const { engine, send } = inProcess();
    send(`rules ${rules}`, 'clock 6000 6000 0 0 0');
    expect(sorted(engine.game)).toEqual(sorted(reference(rules)));
    const [reply] = send('play defenders');
    const move = /^move (d4-[a-g]\d)$/.exec(reply)?.[1];
    expect(move).toBeDefined();
    expect(engine.game?.result).toMatchObject({ winner: 'defenders', reason: 'king-escaped' });
    const shadow = reference(rules);
    shadow.play(move ?? '');
    expect(engine.game?.result).toEqual(shadow.result);
  });

  it.each([
    ['tfr:d', null],
    ['tfr:w', 'defenders'],
  ] as const)(
    'a threefold repetition, %s: the result the string gives (winner %s), not Brandubh’s',
    (rule, winner) => {
      // The defenders first: the start comes back a third time with the attackers' fourth move.
      const rules = houseRules(null, `atkf:n ${rule}`);
      const shuffle = ['d5-e5', 'd7-e7', 'e5-d5', 'e7-d7'];
      const { engine, send } = inProcess();
      send(`rules ${rules}`);
      const shadow = reference(rules);
      for (const move of [...shuffle, ...shuffle]) {
        expect(sorted(engine.game)).toEqual(sorted(shadow));
        expect(send(`opponent-move ${move} ${shadow.position()}`)).toEqual([]);
        shadow.play(move);
        expect(engine.game?.result).toEqual(shadow.result);
      }
      expect(engine.game?.result).toEqual({ winner, reason: 'repetition' });
      // Brandubh's own rule: a repetition loses for the defenders.
      const brandubh = new Game({ variant: 'brandubh', sideToMove: 'defenders' });
      for (const move of [...shuffle, ...shuffle]) brandubh.play(move);
      expect(brandubh.result).toEqual({ winner: 'attackers', reason: 'repetition' });
    },
  );

  it('refuses what it cannot play with the reason, and plays nothing by the rules before', () => {
    const { engine, send } = inProcess();
    expect(send('play attackers')).toEqual([
      'error -1 no rules to play by: the host sent none this engine can play',
    ]);
    send(`rules ${houseRules(null, '')}`);
    expect(engine.game).not.toBeNull();
    expect(send(`rules ${houseRules(null, 'linc:y')}`)).toEqual([
      'error -1 cannot play these rules: unsupported key linc:y',
    ]);
    expect(engine.game).toBeNull();
    expect(send('analyze 1 1')).toEqual(['error 0 no game under way to analyse']);
  });
});

/** The engine as `npm run engine` runs it, from `script`, with a reader for its lines. */
function spawned(script: string): { engine: ChildProcessWithoutNullStreams; next: () => Promise<string> } {
  const engine = spawn(process.execPath, ['--import', 'tsx', script, 'easy'], { stdio: 'pipe' });
  const lines = createInterface({ input: engine.stdout });
  const received: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  lines.on('line', (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else received.push(line);
  });
  // An engine that dies answers every line still awaited with how it ended, not with a wait.
  let errors = '';
  engine.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  lines.on('close', () => {
    for (const waiter of waiters.splice(0)) waiter(`(no more lines; stderr: ${errors.trim()})`);
  });
  const next = () =>
    new Promise<string>((resolve) =>
      received.length ? resolve(received.shift() as string) : waiters.push(resolve),
    );
  return { engine, next };
}

const exitOf = (engine: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => engine.on('exit', (code) => resolve(code)));

describe('the engine over stdin and stdout', () => {
  it('plays a game, refuses a wrong side and rules it cannot play, and plays a house rule set', async () => {
    const { engine, next } = spawned('src/ai/opentafl-engine.ts');
    const exited = exitOf(engine);
    const send = (line: string) => engine.stdin.write(`${line}\n`);
    try {
      expect(await next()).toBe('hello');
      const fetlar = getVariant('fetlar');
      const shadow = new Game('fetlar');
      send(`rules ${rulesString(fetlar, fetlar.layout, 'attackers')}`);
      send('clock 6000 6000 0 0 0');
      send('play attackers');
      const first = await next();
      expect(first).toMatch(/^move [a-k]\d+-[a-k]\d+$/);
      shadow.play(first.slice(5));
      const reply = shadow.legalMoves()[0].notation;
      shadow.play(reply);
      send(`opponent-move ${reply} ${shadow.position()}`);
      send('play attackers');
      const second = await next();
      expect(shadow.legalMoves().map((move) => move.notation)).toContain(second.slice(5));
      shadow.play(second.slice(5));
      // Now the defenders are to move: asking the engine to play the attackers is refused.
      send('play attackers');
      expect(await next()).toBe('error -1 asked to play the attackers, but the defenders are to move');
      send('rules dim:13 start:/13/13/13/13/13/13/6K6/13/13/13/13/13/13/');
      expect(await next()).toBe(
        'error -1 the game would be over before its first move (no-attackers, the attackers to move)',
      );
      send(`rules ${houseRules({ king: 'd4', attackers: ['c4', 'e7', 'a7'], defenders: ['g1'] }, '')}`);
      send('play attackers');
      expect(await next()).toBe('move e7-e4');
      send('goodbye');
      expect(await exited).toBe(0);
    } finally {
      engine.kill();
    }
  });
});

describe('the learned weights', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tafl-engine-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('the shipped file loads; a missing, broken or stale one is a problem, said with its path', () => {
    expect(weightsProblem()).toBeNull();
    expect(weightsProblem(join(folder, 'none.json'))).toBe(
      `the learned evaluation's weights cannot be read from ${join(folder, 'none.json')} (ENOENT)`,
    );
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{"families": ');
    expect(weightsProblem(broken)).toMatch(/are not JSON$/);
    const stale = join(folder, 'stale.json');
    writeFileSync(
      stale,
      JSON.stringify({ seed: 1, families: { '7x7': { use: true, weights: { king: [1, 2] } } } }),
    );
    expect(weightsProblem(stale)).toMatch(/^the weights of 7x7 in .* were made for other features/);
  });

  it('a copy of the engine placed away from data/ says at start that it has no weights, and exits', async () => {
    // The engine's sources where the weights' path, relative to its own file, finds nothing.
    cpSync(join(import.meta.dirname, '../../src'), join(folder, 'src'), { recursive: true });
    symlinkSync(join(import.meta.dirname, '../../node_modules'), join(folder, 'node_modules'), 'dir');
    writeFileSync(join(folder, 'package.json'), '{ "type": "module" }');
    const { engine, next } = spawned(join(folder, 'src/ai/opentafl-engine.ts'));
    const exited = exitOf(engine);
    try {
      expect(await next()).toBe('hello');
      expect(await next()).toBe(
        `error -1 the learned evaluation's weights cannot be read from ${join(folder, 'data/eval-weights.json')} (ENOENT)`,
      );
      expect(await exited).toBe(1);
      expect(WEIGHTS_FILE).not.toContain(folder);
    } finally {
      engine.kill();
    }
  });
});
