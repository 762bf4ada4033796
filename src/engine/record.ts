/**
 * Games written down: the compact, versioned form the bot stores, and OpenTafl's game record
 * for other tafl software. A stored game is replayed move by move on load, so whatever loads has
 * passed every rule again; anything that does not is refused whole.
 */
import { LRUCache } from 'lru-cache';
import { Game } from './game.ts';
import {
  houseVariant,
  OpenTaflRulesError,
  parseOpenTaflRules,
  writeOpenTaflRules,
} from './opentafl-rules.ts';
import type { EndReason, ServerVariantId, Side, VariantKey } from './types.ts';
import { getVariant, isServerVariantId, isVariantId, type Variant } from './variants.ts';

export const RECORD_VERSION = 1;

export class GameRecordError extends Error {
  override name = 'GameRecordError';
}

interface StoredGame {
  tafl: number;
  variant: VariantKey;
  /**
   * A server variant's whole rule set as an OpenTafl rules string, so the game plays on by the
   * rules it started with whatever becomes of the server's variant. Absent for built-in variants.
   */
  rules?: string;
  /** Moves as `fromto` square pairs, space-separated: `f1f3 f4f2`. */
  moves: string;
  start?: { position: string; side: Side };
  end?: { reason: EndReason; winner: Side | null };
}

/** Ends decided off the board; the others follow from the moves. */
const DECLARED_ENDS: readonly EndReason[] = ['resignation', 'agreed-draw', 'timeout'];

export function serializeGame(game: Game): string {
  const stored: StoredGame = {
    tafl: RECORD_VERSION,
    variant: game.variant.id,
    ...(isVariantId(game.variant.id) ? {} : { rules: writeOpenTaflRules(game.variant) }),
    moves: game
      .history()
      .map((move) => move.from + move.to)
      .join(' '),
  };
  if (game.setup.custom) stored.start = { position: game.setup.position, side: game.setup.sideToMove };
  const result = game.result;
  if (result && DECLARED_ENDS.includes(result.reason))
    stored.end = { reason: result.reason, winner: result.winner };
  return JSON.stringify(stored);
}

export function loadGame(text: string): Game {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new GameRecordError('the stored game is not valid JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new GameRecordError('the stored game is not a game record');
  }
  const stored = data as Partial<StoredGame> & Record<string, unknown>;
  if (stored.tafl !== RECORD_VERSION) {
    throw new GameRecordError(
      `unknown game record version ${JSON.stringify(stored.tafl)} (this bot reads ${RECORD_VERSION})`,
    );
  }
  for (const key of Object.keys(stored)) {
    if (!['tafl', 'variant', 'rules', 'moves', 'start', 'end'].includes(key)) {
      throw new GameRecordError(`the stored game has an unknown field "${key}"`);
    }
  }
  const variant = storedVariant(stored.variant, stored.rules);
  if (typeof stored.moves !== 'string') throw new GameRecordError('the stored game has no move list');

  let game: Game;
  try {
    const start = stored.start;
    game = new Game(start ? { variant, position: start.position, sideToMove: start.side } : { variant });
  } catch (error) {
    throw new GameRecordError(`the stored starting position is invalid: ${(error as Error).message}`);
  }

  const tokens = stored.moves === '' ? [] : stored.moves.split(' ');
  const moves = tokens.map((token, index) => {
    const squares = /^([a-z]\d{1,2})([a-z]\d{1,2})$/.exec(token);
    if (!squares)
      throw new GameRecordError(`move ${index + 1} of the stored game ("${token}") is not a move`);
    return { from: squares[1], to: squares[2] };
  });
  const refused = game.replay(moves);
  if (refused) {
    const token = tokens[refused.index];
    throw new GameRecordError(
      `move ${refused.index + 1} of the stored game (${token}) is illegal (${refused.refusal.code})`,
    );
  }

  if (stored.end !== undefined) declareEnd(game, stored.end);
  return game;
}

/** Server variants read from their rules strings, by id and string: a game loads many times. */
const readRules = new LRUCache<string, Variant>({ max: 256 });

function storedVariant(id: unknown, rules: unknown): Variant {
  if (typeof id === 'string' && isVariantId(id) && rules === undefined) return getVariant(id);
  if (typeof id !== 'string' || !isServerVariantId(id) || typeof rules !== 'string') {
    throw new GameRecordError(`the stored game names an unknown variant ${JSON.stringify(id)}`);
  }
  return serverVariant(id, rules);
}

/**
 * A server variant from its id and rules string, read once and kept (the same record each time,
 * so the engine's tables for it are built once too).
 */
export function serverVariant(id: ServerVariantId, rules: string): Variant {
  const key = `${id} ${rules}`;
  let variant = readRules.get(key);
  if (!variant) {
    try {
      variant = houseVariant(parseOpenTaflRules(rules), id);
    } catch (error) {
      if (error instanceof OpenTaflRulesError)
        throw new GameRecordError(`the stored game's rules cannot be played: ${error.message}`);
      throw error;
    }
    readRules.set(key, variant);
  }
  return variant;
}

function declareEnd(game: Game, end: unknown): void {
  const { reason, winner } = (end ?? {}) as { reason?: unknown; winner?: unknown };
  if (game.result)
    throw new GameRecordError('the stored game declares an end after the board had already decided it');
  const loser = winner === 'attackers' ? 'defenders' : winner === 'defenders' ? 'attackers' : null;
  if (reason === 'resignation' && loser) game.resign(loser);
  // A loss or a draw on time, as it was decided then (the rule for a draw may change, a record not).
  else if (reason === 'timeout' && (loser || winner === null))
    game.endBy(loser ? (winner as 'attackers' | 'defenders') : null, 'timeout');
  else if (reason === 'agreed-draw' && winner === null) game.agreeDraw();
  else
    throw new GameRecordError(`the stored game ends in a way this bot does not know: ${JSON.stringify(end)}`);
}

export interface RecordTags {
  attackers?: string;
  defenders?: string;
  /** Defaults to today. */
  date?: Date;
  event?: string;
  site?: string;
  /** How the game ended, in words (the caller's language). */
  termination?: string;
  /**
   * A Fischer clock: OpenTafl's `time-control` tag has the main time (seconds); the increment,
   * which it has no tag for, is written as `x-increment` (seconds). (The times left after each
   * move stay out: OpenTafl's commentary is bracketed like a tag, and a time's colon would read
   * as one.)
   */
  clock?: { mainMs: number; incrementMs: number };
}

/** The game in OpenTafl's game-record notation: tags, a rules string, then numbered turns. */
export function openTaflRecord(game: Game, tags: RecordTags = {}): string {
  const date = tags.date ?? new Date();
  const result = game.result;
  const resultTag = !result ? '?' : result.winner === null ? '0' : result.winner === 'attackers' ? '1' : '-1';
  const lines: string[] = [];
  const tag = (name: string, value: string | undefined) => {
    if (value !== undefined) lines.push(`[${name}:${tagValue(value)}]`);
  };
  tag('event', tags.event);
  tag('site', tags.site);
  tag('date', `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`);
  tag('variant', game.variant.name);
  tag('attackers', tags.attackers);
  tag('defenders', tags.defenders);
  tag('result', resultTag);
  tag('termination', tags.termination);
  if (tags.clock) {
    tag('time-control', String(Math.round(tags.clock.mainMs / 1000)));
    tag('x-increment', String(Math.round(tags.clock.incrementMs / 1000)));
  }
  lines.push(rulesString(game.variant, game.setup.position, game.setup.sideToMove));

  // A resignation is written as the resigning player's move record, "---".
  const records = game.history().map((move) => move.notation);
  if (result?.reason === 'resignation') records.push('---');
  for (let i = 0; i < records.length; i += 2) {
    lines.push(`${i / 2 + 1}. ${records.slice(i, i + 2).join(' ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * An OpenTafl rules string for a variant from a given start: OpenTafl's own keys, and `x-` entries
 * for what they cannot say (OpenTafl passes over those and plays the nearest rules it has).
 */
export function rulesString(variant: Variant, start: string, firstToMove: Side): string {
  return writeOpenTaflRules({ ...variant, layout: start, firstToMove });
}

function tagValue(value: string): string {
  // Tags are one line each and bracketed: keep line breaks and brackets out of the value.
  return value
    .replace(/[\r\n]+/g, ' ')
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .trim();
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
