/**
 * The AI as an external engine speaking the OpenTafl Engine Protocol on stdin/stdout, so that it
 * can play inside other tafl programs. Rules strings are matched to the variant they describe.
 */
import { createInterface } from 'node:readline';
import {
  Game,
  getVariant,
  otherSide,
  parseOpenTaflRules,
  type RulesRecord,
  rulesEntries,
  type Side,
  type Variant,
  type VariantId,
  variantIds,
} from '../engine/index.ts';
import { chooseMove, type Level } from './index.ts';

/** The variant an OpenTafl rules string describes, or null when it is none of ours. */
export function variantFromRules(
  rules: string,
): { variant: VariantId; start: string; firstToMove: Side } | null {
  let record: RulesRecord;
  try {
    record = parseOpenTaflRules(rules);
  } catch {
    return nearestVariant(rules);
  }
  const start = record.layout;
  const { firstToMove } = record;
  const same = variantIds.find((id) => sameRules(getVariant(id), record));
  return same ? { variant: same, start, firstToMove } : nearestVariant(rules);
}

/** The rules that decide play (not the name, sources, words or start) are the same. */
function sameRules(variant: Variant, record: RulesRecord): boolean {
  const rulesOf = ({ size, escapeSquares, movement, capture, kingCapture, end }: RulesRecord) =>
    JSON.stringify({ size, escapeSquares, movement, capture, kingCapture, end });
  return rulesOf(variant) === rulesOf(record);
}

/**
 * OpenTafl's own strings for the games this engine knows but words a little differently (for
 * example its Fetlar without our repetition rule): the nearest built-in variant by board size.
 */
function nearestVariant(rules: string): { variant: VariantId; start: string; firstToMove: Side } | null {
  let entries: Map<string, string>;
  try {
    entries = rulesEntries(rules);
  } catch {
    return null;
  }
  const start = entries.get('start');
  const firstToMove: Side = entries.get('atkf') === 'n' ? 'defenders' : 'attackers';
  if (!start) return null;
  const dim = entries.get('dim');
  if (dim === '7') return { variant: 'brandubh', start, firstToMove };
  if (dim === '9') return { variant: 'tablut', start, firstToMove };
  if (dim === '11') return { variant: entries.has('efe') ? 'copenhagen' : 'fetlar', start, firstToMove };
  if (dim !== '19') return null;
  if (entries.get('ka') === 'n') return { variant: 'alea-guards', start, firstToMove };
  if (entries.get('ks') === 'n') return { variant: 'alea-walker', start, firstToMove };
  return { variant: 'alea-armed', start, firstToMove };
}

export interface EngineIo {
  lines: AsyncIterable<string>;
  write(line: string): void;
}

/** Runs the protocol until `goodbye` or the end of input. */
export async function runEngine(io: EngineIo, level: Level = 'normal'): Promise<void> {
  let game: Game | null = null;
  let budgetMs: number | undefined;
  io.write('hello');
  for await (const raw of io.lines) {
    const line = raw.trim();
    const [command, ...args] = line.split(/\s+/);
    if (command === 'rules') {
      const found = variantFromRules(args.join(' '));
      if (!found) {
        io.write('error 0');
        continue;
      }
      try {
        game = new Game({ variant: found.variant, position: found.start, sideToMove: found.firstToMove });
      } catch {
        io.write('error 0');
      }
    } else if (command === 'clock') {
      // Spend about a thirtieth of the time left, between 0.2 and 3 seconds.
      const [attackers, defenders] = args.map(Number);
      const left = game?.turn === 'attackers' ? attackers : defenders;
      budgetMs = left > 0 ? Math.min(3000, Math.max(200, (left * 1000) / 30)) : undefined;
    } else if (command === 'play' && game) {
      const side = args[0] as Side;
      if (side !== game.turn) {
        io.write('error 1');
        continue;
      }
      const move = chooseMove(game, level, { timeMs: budgetMs });
      game.play(move.notation);
      io.write(`move ${move.notation}`);
    } else if (command === 'opponent-move' && game) {
      const attempt = game.tryPlay(args[0] ?? '');
      if (!attempt.ok && args[1]) {
        // Out of step: take the position OpenTafl sends, with our side to move next.
        const after = otherSide(game.turn);
        game = new Game({ variant: game.variant, position: args[1], sideToMove: after });
      }
    } else if (command === 'analyze' && game) {
      const move = chooseMove(game, level, { timeMs: Math.max(100, Number(args[1] ?? 1) * 1000) });
      io.write(`analysis 1 ${move.notation} ${Math.round(move.score)}`);
    } else if (command === 'finish' || command === 'goodbye') {
      return;
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const level = (process.argv[2] as Level | undefined) ?? 'normal';
  const lines = createInterface({ input: process.stdin, terminal: false });
  await runEngine({ lines, write: (line) => process.stdout.write(`${line}\n`) }, level);
  lines.close();
  process.exit(0);
}
