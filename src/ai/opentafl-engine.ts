/**
 * The AI as an external engine speaking the OpenTafl Engine Protocol on stdin/stdout, so that it
 * can play inside other tafl programs (OpenTafl's opentafl-engine-protocol.txt). The host's rules
 * string is played as written (engine-rules.ts); what the engine cannot do is refused as the
 * protocol has an engine report errors, `error <code> <message>`: -1 for a critical error (the
 * host shows the message and ends the game), 0 for one the game survives.
 */
import { createInterface } from 'node:readline';
import { Game, otherSide } from '../engine/index.ts';
import { gameForRules } from './engine-rules.ts';
import { chooseMove, type Level } from './index.ts';
import { weightsProblem } from './learned-weights.ts';

/** The protocol's error codes from an engine: the game cannot go on; it can. */
export const CRITICAL = -1;
export const NOT_CRITICAL = 0;

export interface EngineIo {
  lines: AsyncIterable<string>;
  write(line: string): void;
}

/** The protocol's state: the game as the engine has it, and the time it may spend on a move. */
export class OpenTaflEngine {
  /** Null until the host sends a rules string the engine can play. */
  game: Game | null = null;
  private budgetMs: number | undefined;

  constructor(
    private readonly write: (line: string) => void,
    private readonly level: Level = 'normal',
  ) {}

  /** Answers one line from the host; false when the host is done with the engine. */
  receive(raw: string): boolean {
    const [command, ...args] = raw.trim().split(/\s+/);
    if (command === 'rules') this.rules(args.join(' '));
    else if (command === 'clock') this.clock(args);
    else if (command === 'play') this.play(args[0]);
    else if (command === 'opponent-move') this.opponentMove(args[0] ?? '', args[1]);
    else if (command === 'analyze') this.analyze(Number(args[1] ?? 1));
    else if (command === 'finish' || command === 'goodbye') return false;
    return true;
  }

  private error(code: typeof CRITICAL | typeof NOT_CRITICAL, message: string): void {
    this.write(`error ${code} ${message.replace(/\s+/g, ' ')}`);
  }

  private rules(text: string): void {
    const reading = gameForRules(text);
    // A rule set it cannot play replaces the last one: never a game by rules the host did not send.
    this.game = reading.ok ? reading.game : null;
    if (!reading.ok) this.error(CRITICAL, reading.reason);
  }

  /** `clock <attackers' ms>[*] <defenders' ms>[*] ...` (a `*`: in overtime): about a thirtieth of what is left, 0.2 to 3 s. */
  private clock(args: string[]): void {
    const [attackers, defenders] = args.map((arg) => Number.parseFloat(arg));
    const left = this.game?.turn === 'defenders' ? defenders : attackers;
    this.budgetMs = left > 0 ? Math.min(3000, Math.max(200, left / 30)) : undefined;
  }

  private play(side: string | undefined): void {
    const game = this.game;
    if (!game) {
      this.error(CRITICAL, 'no rules to play by: the host sent none this engine can play');
      return;
    }
    if (game.result) {
      this.error(CRITICAL, `the game is over (${game.result.reason})`);
      return;
    }
    if (side !== game.turn) {
      this.error(CRITICAL, `asked to play the ${side ?? 'nobody'}, but the ${game.turn} are to move`);
      return;
    }
    const move = chooseMove(game, this.level, { timeMs: this.budgetMs });
    game.play(move.notation);
    this.write(`move ${move.notation}`);
  }

  /** `opponent-move <moves, |-separated> <position>`: played in turn, or the host's position taken when out of step. */
  private opponentMove(moves: string, position: string | undefined): void {
    const game = this.game;
    if (!game) return;
    for (const move of moves.split('|')) {
      if (game.tryPlay(move).ok) continue;
      if (!position) return;
      // Out of step: take the position the host sends, with the engine's side to move next.
      try {
        this.game = new Game({ variant: game.variant, position, sideToMove: otherSide(game.turn) });
      } catch (error) {
        this.error(NOT_CRITICAL, `cannot read the position ${position}: ${(error as Error).message}`);
      }
      return;
    }
  }

  private analyze(seconds: number): void {
    const game = this.game;
    if (!game || game.result) {
      this.error(NOT_CRITICAL, 'no game under way to analyse');
      return;
    }
    const move = chooseMove(game, this.level, { timeMs: Math.max(100, seconds * 1000) });
    this.write(`analysis 1 ${move.notation} ${Math.round(move.score)}`);
  }
}

/**
 * Runs the protocol until `goodbye` or the end of input. An engine that cannot load its learned
 * weights says so at once, as a critical error, and plays nothing: false.
 */
export async function runEngine(
  io: EngineIo,
  level: Level = 'normal',
  problem: string | null = weightsProblem(),
): Promise<boolean> {
  io.write('hello');
  if (problem) {
    io.write(`error ${CRITICAL} ${problem.replace(/\s+/g, ' ')}`);
    return false;
  }
  const engine = new OpenTaflEngine(io.write, level);
  for await (const line of io.lines) if (!engine.receive(line)) break;
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const level = (process.argv[2] as Level | undefined) ?? 'normal';
  const lines = createInterface({ input: process.stdin, terminal: false });
  const problem = weightsProblem();
  if (problem) process.stderr.write(`${problem}\n`);
  const played = await runEngine(
    { lines, write: (line) => process.stdout.write(`${line}\n`) },
    level,
    problem,
  );
  lines.close();
  process.exit(played ? 0 : 1);
}
