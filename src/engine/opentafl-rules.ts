/**
 * OpenTafl rules strings (section 3 of OpenTafl's opentafl-notation-spec.txt, with the keys its
 * later RulesSerializer added: `name`, `ks:s|c|w|m`, `ka:y|h|a|n`, `spd`, `*re`), read into a
 * variant record and written from one.
 *
 *   dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/.../
 *
 * Reading follows OpenTafl's own reader: entries are separated by spaces, a key from its value by
 * the first `:`, order does not matter, an absent key takes OpenTafl's default (those of its later
 * serializer: `cens` defaults to the king only). A key this engine cannot play, a value out of
 * range or a combination it cannot play is refused with an {@link OpenTaflRulesError} that names
 * the entry; nothing is approximated.
 *
 * How the keys map onto the record (anything else is refused):
 *
 * | key | record |
 * |---|---|
 * | `dim` 7..19, odd | `size` |
 * | `name` (`_` for a space) | `name` |
 * | `start` | `layout` (t, T, K; `G` for our guards) |
 * | `atkf` | `firstToMove` |
 * | `esc:c` + `cor` default / the 16 corner-block squares; `esc:e` + `cor:` (empty) | `escapeSquares` |
 * | `surf` | `end.enclosure` |
 * | `efe` | `end.exitFort` |
 * | `tfr:d` / `tfr:w` | repetition, third occurrence, draw / the side whose move made it loses |
 * | `ka:y` / `ka:n` | `capture.kingArmed` |
 * | `ks:s` (`y`) / `ks:c` / `ks:w` (`n`) | `kingCapture`: surround everywhere, the king safe on the edge / surround on and beside the throne, custodial elsewhere / custodial everywhere |
 * | `cenp` (`t` and `T` both or neither; `K` in) | `movement.othersPassThrone` |
 * | `cenh` (`t`: the occupied throne) | `throneHostileTo.attackers` always / when empty |
 * | `cenhe` (`t` required; `T`) | `throneHostileTo.defenders` and `.king`, when empty / never |
 * | `corh` (`t`, `T`) | `capture.cornersHostileTo` |
 * | `sw:n` / `sw:s` (with `swf:y`) | `capture.shieldwall` |
 *
 * OpenTafl reads hostility lists per side: the `T` entry decides for the king too and the `K`
 * entry is ignored (shared/rules/more-variants.md, Brandubh), and so does this reader.
 * `tfr:w` is "the player forced to respond wins" in the notation spec, i.e. the side whose move
 * makes the third occurrence loses (OpenTafl's Copenhagen; more-variants.md); `tfr:l`, the
 * opposite, and `tfr:i` have no counterpart here. Keys about pieces and squares this engine does
 * not have (`nj`, `cj`, the fortress lists `afor*`/`dfor*` while there are no fortresses, `corre`)
 * are accepted and change nothing; `kj`, `ber`, `spd`, `linc` are accepted only with the value
 * that means "no such rule".
 *
 * Fields OpenTafl cannot express are carried in `x-` entries, written only when the record differs
 * from what the OpenTafl entries imply; OpenTafl's reader ignores keys it does not know, so such a
 * string still loads there, with the nearest OpenTafl rules (the writer puts those in the OpenTafl
 * keys, e.g. `tfr:w` for "repetition loses for the defenders"). Every built-in variant written and
 * read back gives an equal record. Values are percent-encoded where they could hold spaces or `:`.
 *
 * | entry | record field | default when absent |
 * |---|---|---|
 * | `x-king:<on throne>,<beside>,<elsewhere>,<edge>` e.g. `x-king:surround,custodial,custodial,hostile` | `kingCapture` | what `ks` says (edge: `protects` for `ks:s`, else `hostile`, which then decides nothing) |
 * | `x-throne-king:when-empty\|never` | `throneHostileTo.king` | as for defenders (`cenhe`'s `T`) |
 * | `x-rep:<2\|3>,<draw\|mover-loses\|defenders-lose>` | `end.repetition` | what `tfr` says, third occurrence |
 * | `x-nomove:loses\|draw` | `end.noLegalMove` | `loses` |
 * | `x-guards:y\|n` | `capture.guards` | whether `start` holds a `G` |
 * | `x-drawn:squares\|points` | `drawnOn` | `squares` |
 * | `x-words:<throne>,<escape>` e.g. `x-words:centre,citadel` | `words` | `throne`, and `edge` or `corner` |
 * | `x-match:y\|n` | `match` | `n` |
 * | `x-docs:<doc>,<doc>` (each percent-encoded) | `documents` | none |
 *
 * The variant id is not part of a rules string: the reader returns a {@link RulesRecord} (a
 * variant without its id) and {@link houseVariant} pairs it with the caller's id.
 */
import { NotationError, readPosition } from './notation.ts';
import { Position } from './position.ts';
import { EMPTY, KING, rulesFor } from './rules.ts';
import type { ServerVariantId } from './types.ts';
import type { Variant } from './variants.ts';

/** A variant record without its id: what a rules string says. */
export type RulesRecord = Omit<Variant, 'id'>;

/**
 * A rule set read from a rules string, as a `Variant` under a server variant's id. The engine only
 * uses the id to name the rule set; code that looks a variant up by id (`getVariant`, the German
 * names of the built-in variants) checks `isVariantId` first: a server variant is not in `variants`.
 */
export function houseVariant(record: RulesRecord, id: ServerVariantId): Variant {
  return { id, ...record };
}

// ---------------------------------------------------------------------------------------------
// Refusals

export type OpenTaflRulesErrorCode =
  /** An entry without a `key:` (a bare word). */
  | 'malformed-entry'
  | 'duplicate-key'
  /** `dim` or `start` is missing. */
  | 'missing-key'
  /** A key neither OpenTafl (as far as its specification and serializer go) nor this bot knows. */
  | 'unknown-key'
  /** An OpenTafl rule, with this value, that this engine does not have: `linc:y`, `kj:j`, `sw:w`... */
  | 'unsupported-key'
  /** A value the key does not take: `esc:q`, `atkf:maybe`, `cenp:tX`. */
  | 'invalid-value'
  /** `dim` outside 7..19 or even. */
  | 'out-of-range'
  /** Two entries each fine alone that the engine cannot play together: `esc:e` with corner squares. */
  | 'unsupported-combination'
  /** The `start` position is not a position of this board, or not a playable start. */
  | 'invalid-start';

/** The particulars of a refusal, for telling it in another language. */
export interface OpenTaflRulesParams {
  /** The key refused (or the key of the first entry of a combination). */
  key?: string;
  /** Its value as written. */
  value?: string;
  /** The values the key takes, as written, comma-separated (`invalid-value`). */
  expected?: string;
  /** The bounds of `dim` (`out-of-range`). */
  min?: number;
  max?: number;
  /** The other entry of an `unsupported-combination`. */
  otherKey?: string;
  otherValue?: string;
  /** The entry as written (`malformed-entry`). */
  entry?: string;
  /** Why the start position is refused, in English (`invalid-start`; from the position reader). */
  detail?: string;
}

/** Every key OpenTafl (its notation spec and later serializer) and this bot's `x-` entries know. */
export const OPENTAFL_KEYS = [
  'dim',
  'name',
  'start',
  'esc',
  'surf',
  'atkf',
  'tfr',
  'ka',
  'ks',
  'kj',
  'nj',
  'cj',
  'cor',
  'cen',
  'afor',
  'dfor',
  'spd',
  'corh',
  'cenh',
  'cenhe',
  'aforh',
  'dforh',
  'corp',
  'cenp',
  'aforp',
  'dforp',
  'cors',
  'cens',
  'afors',
  'dfors',
  'corre',
  'cenre',
  'aforre',
  'dforre',
  'sw',
  'swf',
  'efe',
  'ber',
  'linc',
  'edge',
  'x-king',
  'x-throne-king',
  'x-rep',
  'x-nomove',
  'x-guards',
  'x-drawn',
  'x-words',
  'x-match',
  'x-docs',
] as const;
export type OpenTaflKey = (typeof OPENTAFL_KEYS)[number];
const KNOWN_TO_OPENTAFL: ReadonlySet<string> = new Set(OPENTAFL_KEYS);

export class OpenTaflRulesError extends Error {
  override name = 'OpenTaflRulesError';
  readonly code: OpenTaflRulesErrorCode;
  readonly params: OpenTaflRulesParams;
  constructor(code: OpenTaflRulesErrorCode, params: OpenTaflRulesParams) {
    // For programs and logs; players read it in their language from src/i18n, by code and params.
    super(`${code}${params.key !== undefined ? ` (${params.key}:${params.value ?? ''})` : ''}`);
    this.code = code;
    this.params = params;
  }
}

const fail = (code: OpenTaflRulesErrorCode, params: OpenTaflRulesParams): never => {
  throw new OpenTaflRulesError(code, params);
};
const unsupported = (key: string, value: string): never => fail('unsupported-key', { key, value });
const invalid = (key: string, value: string, expected: string): never =>
  fail('invalid-value', { key, value, expected });

// ---------------------------------------------------------------------------------------------
// Reading

export const MIN_SIZE = 7;
export const MAX_SIZE = 19;

/**
 * A rules string's entries as OpenTafl's reader splits them: by spaces, each key from its value at
 * the first `:`. Refuses an entry without a key and a key given twice; knows nothing of the keys.
 */
export function rulesEntries(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const entry of text.trim().split(/\s+/)) {
    if (entry === '') continue;
    const colon = entry.indexOf(':');
    if (colon <= 0) fail('malformed-entry', { entry });
    const key = entry.slice(0, colon);
    if (entries.has(key)) fail('duplicate-key', { key });
    entries.set(key, entry.slice(colon + 1));
  }
  return entries;
}

/** OpenTafl's defaults (its later serializer) for the keys whose default this reader needs. */
const DEFAULTS: Record<string, string> = {
  esc: 'c',
  surf: 'y',
  atkf: 'y',
  tfr: 'd',
  ka: 'y',
  ks: 's',
  kj: 'n',
  cor: 'default',
  cen: 'default',
  corh: 'tcnkTCNK',
  cenh: 'tcnk',
  cenhe: 'tcnkTCNK',
  corp: 'K',
  cenp: 'tcnkTCNK',
  cors: 'K',
  cens: 'K',
  sw: 'n',
  swf: 'y',
  efe: 'n',
};

/** Keys about pieces or squares this engine does not have: any well-formed value is accepted. */
const IGNORED_JUMPS = ['nj', 'cj'];
const IGNORED_LISTS = ['aforh', 'dforh', 'aforp', 'dforp', 'afors', 'dfors', 'aforre', 'dforre', 'corre'];

const KNOWN = new Set([
  'dim',
  'name',
  'start',
  'kj',
  'spd',
  'ber',
  'linc',
  'afor',
  'dfor',
  'cenre',
  ...Object.keys(DEFAULTS),
  ...IGNORED_JUMPS,
  ...IGNORED_LISTS,
]);
const EXTENSIONS: ReadonlySet<string> = new Set(OPENTAFL_KEYS.filter((key) => key.startsWith('x-')));

/** Reads an OpenTafl rules string; throws {@link OpenTaflRulesError} for anything it cannot play. */
export function parseOpenTaflRules(text: string): RulesRecord {
  const entries = rulesEntries(text);
  for (const [key, value] of entries) {
    if (!KNOWN.has(key) && !EXTENSIONS.has(key)) {
      if (KNOWN_TO_OPENTAFL.has(key)) unsupported(key, value);
      fail('unknown-key', { key, value });
    }
  }
  for (const key of ['dim', 'start']) if (!entries.has(key)) fail('missing-key', { key });
  const given = (key: string) => entries.get(key);
  const get = (key: string) => entries.get(key) ?? DEFAULTS[key];

  // Keys that must keep their "no such rule" value.
  const only = (key: string, allowed: string[], all: string) => {
    const value = given(key);
    if (value === undefined || allowed.includes(value)) return;
    if (all.split(', ').includes(value)) unsupported(key, value);
    invalid(key, value, all);
  };
  only('kj', ['n'], 'n, r, j, c');
  only('ber', ['n'], 'n, c, m');
  only('linc', ['n'], 'y, n');
  const speed = given('spd');
  if (speed !== undefined && speed !== '-1') {
    if (/^-?\d+(,-?\d+)*,?$/.test(speed)) unsupported('spd', speed);
    invalid('spd', speed, 'a number, -1 for no limit');
  }
  for (const key of ['afor', 'dfor']) {
    const value = given(key);
    if (value !== undefined && value !== '') unsupported(key, value);
  }
  for (const key of IGNORED_JUMPS) {
    const value = given(key);
    if (value !== undefined && !['n', 'r', 'j', 'c'].includes(value)) invalid(key, value, 'n, r, j, c');
  }
  for (const key of IGNORED_LISTS) {
    const value = given(key);
    if (value !== undefined) pieceTypes(key, value);
  }

  const dimText = get('dim');
  if (!/^\d{1,3}$/.test(dimText)) invalid('dim', dimText, `an odd number from ${MIN_SIZE} to ${MAX_SIZE}`);
  const size = Number(dimText);
  if (size < MIN_SIZE || size > MAX_SIZE || size % 2 === 0) {
    fail('out-of-range', { key: 'dim', value: dimText, min: MIN_SIZE, max: MAX_SIZE });
  }

  const name = decodeName(get('name') ?? '') || 'Unknown Tafl';
  const firstToMove = yesNo('atkf', get('atkf')) ? 'attackers' : 'defenders';
  const enclosure = yesNo('surf', get('surf'));
  const exitFort = yesNo('efe', get('efe'));

  // Escape squares and corners.
  const esc = oneOf('esc', get('esc'), ['c', 'e']);
  const corners = readSquares('cor', get('cor'), size, cornerSquares(size, 'corners'));
  const centres = readSquares('cen', get('cen'), size, [centreSquare(size)]);
  if (!sameSquares(centres, [centreSquare(size)])) unsupported('cen', get('cen'));
  let escapeSquares: Variant['escapeSquares'];
  if (sameSquares(corners, cornerSquares(size, 'corners'))) escapeSquares = 'corners';
  else if (sameSquares(corners, cornerSquares(size, 'corner-blocks'))) escapeSquares = 'corner-blocks';
  else if (corners.length === 0) escapeSquares = 'edge';
  else escapeSquares = unsupported('cor', get('cor'));
  if ((esc === 'e') !== (escapeSquares === 'edge')) {
    fail('unsupported-combination', { key: 'esc', value: esc, otherKey: 'cor', otherValue: get('cor') });
  }
  const cornerPass = pieceTypes('corp', get('corp'));
  if (cornerPass.attackers || cornerPass.defenders || !cornerPass.king) unsupported('corp', get('corp'));
  const cornerStop = pieceTypes('cors', get('cors'));
  if (cornerStop.attackers || cornerStop.defenders || !cornerStop.king) unsupported('cors', get('cors'));
  const cornerHostility = pieceTypes('corh', get('corh'));
  const cornersHostileTo = { attackers: cornerHostility.attackers, defenders: cornerHostility.defenders };

  // The throne.
  const thronePass = pieceTypes('cenp', get('cenp'));
  if (thronePass.attackers !== thronePass.defenders || !thronePass.king) unsupported('cenp', get('cenp'));
  const throneStop = pieceTypes('cens', get('cens'));
  if (throneStop.attackers || throneStop.defenders || !throneStop.king) unsupported('cens', get('cens'));
  const reenter = given('cenre');
  if (reenter !== undefined && !pieceTypes('cenre', reenter).king) unsupported('cenre', reenter);
  const occupied = pieceTypes('cenh', get('cenh'));
  if (occupied.defenders) unsupported('cenh', get('cenh'));
  const empty = pieceTypes('cenhe', get('cenhe'));
  if (!empty.attackers) unsupported('cenhe', get('cenhe'));
  const throneForDefenders = empty.defenders ? 'when-empty' : 'never';

  // Capture.
  const armed = oneOf('ka', get('ka'), ['y', 'n', 'h', 'a']);
  if (armed === 'h' || armed === 'a') unsupported('ka', armed);
  const strength = oneOf('ks', get('ks'), ['s', 'y', 'c', 'w', 'n', 'm']);
  if (strength === 'm') unsupported('ks', strength);
  const shieldwallMode = oneOf('sw', get('sw'), ['n', 's', 'w']);
  if (shieldwallMode === 'w') unsupported('sw', shieldwallMode);
  const flanking = yesNo('swf', get('swf'));
  const shieldwall = shieldwallMode === 's';
  if (shieldwall && !flanking) unsupported('swf', get('swf'));
  if (shieldwall && escapeSquares !== 'edge' && !(cornersHostileTo.attackers && cornersHostileTo.defenders)) {
    fail('unsupported-combination', { key: 'sw', value: 's', otherKey: 'corh', otherValue: get('corh') });
  }

  const repetitionMode = oneOf('tfr', get('tfr'), ['d', 'w', 'l', 'i']);
  if (repetitionMode === 'l' || repetitionMode === 'i') unsupported('tfr', repetitionMode);

  // The x- entries.
  const kingCapture = readKing(given('x-king'), strength);
  const kingThrone = given('x-throne-king');
  const throneForKing =
    kingThrone === undefined
      ? throneForDefenders
      : oneOf('x-throne-king', kingThrone, ['when-empty', 'never']);
  const repetition = readRepetition(given('x-rep'), repetitionMode === 'w' ? 'mover-loses' : 'draw');
  const noLegalMove = oneOf('x-nomove', given('x-nomove') ?? 'loses', ['loses', 'draw']);
  const layout = get('start');
  const guardsText = given('x-guards');
  const guards = guardsText === undefined ? layout.includes('G') : yesNo('x-guards', guardsText);
  const drawnOn = oneOf('x-drawn', given('x-drawn') ?? 'squares', ['squares', 'points']);
  const words = readWords(given('x-words'), escapeSquares);
  const match = yesNo('x-match', given('x-match') ?? 'n');
  const docs = given('x-docs');
  const documents =
    docs === undefined || docs === '' ? [] : docs.split(',').map((doc) => decode('x-docs', doc));

  const record: RulesRecord = {
    name,
    documents,
    size,
    drawnOn,
    layout,
    firstToMove,
    words,
    escapeSquares,
    movement: { othersPassThrone: thronePass.attackers },
    capture: {
      kingArmed: armed === 'y',
      guards,
      throneHostileTo: {
        attackers: occupied.attackers ? 'always' : 'when-empty',
        defenders: throneForDefenders,
        king: throneForKing,
      },
      ...(escapeSquares !== 'edge' && !(cornersHostileTo.attackers && cornersHostileTo.defenders)
        ? { cornersHostileTo }
        : {}),
      shieldwall,
    },
    kingCapture,
    end: { enclosure, exitFort, repetition, noLegalMove },
    match,
  };
  checkStart(record);
  return record;
}

function yesNo(key: string, value: string): boolean {
  return oneOf(key, value, ['y', 'n']) === 'y';
}

function oneOf<T extends string>(key: string, value: string, values: readonly T[]): T {
  if (!(values as readonly string[]).includes(value)) invalid(key, value, values.join(', '));
  return value as T;
}

/** Which of our three kinds of piece a piece-type list (`tcnkTCNK`) names. */
function pieceTypes(key: string, value: string): { attackers: boolean; defenders: boolean; king: boolean } {
  if (!/^[tcnkTCNK]*$/.test(value)) invalid(key, value, 'piece letters from tcnkTCNK');
  return { attackers: value.includes('t'), defenders: value.includes('T'), king: value.includes('K') };
}

type Square = [file: number, rank: number];

function readSquares(key: string, value: string, size: number, defaults: Square[]): Square[] {
  if (value === 'default') return defaults;
  const squares: Square[] = [];
  for (const name of value.split(',')) {
    if (name === '') continue;
    const match = /^([a-z])(\d{1,2})$/.exec(name);
    const file = match ? match[1].charCodeAt(0) - 97 : -1;
    const rank = match ? Number(match[2]) - 1 : -1;
    if (file < 0 || file >= size || rank < 0 || rank >= size) {
      invalid(key, value, `a comma-separated list of squares of the ${size}x${size} board`);
    }
    squares.push([file, rank]);
  }
  return squares;
}

function sameSquares(a: Square[], b: Square[]): boolean {
  const names = (squares: Square[]) => new Set(squares.map(([file, rank]) => `${file},${rank}`));
  const left = names(a);
  const right = names(b);
  return left.size === right.size && [...left].every((name) => right.has(name));
}

function centreSquare(size: number): Square {
  const centre = (size - 1) / 2;
  return [centre, centre];
}

/** The four corners, or the 2x2 block in each corner, in notation order. */
function cornerSquares(size: number, kind: 'corners' | 'corner-blocks'): Square[] {
  const last = size - 1;
  const lines = kind === 'corners' ? [0, last] : [0, 1, last - 1, last];
  const squares: Square[] = [];
  for (const rank of lines) for (const file of lines) squares.push([file, rank]);
  return squares;
}

function squareName([file, rank]: Square): string {
  return `${String.fromCharCode(97 + file)}${rank + 1}`;
}

const CAPTURE_MODES = ['surround', 'custodial'] as const;
const EDGE_MODES = ['hostile', 'protects'] as const;

/** The king-capture rules `ks` stands for. */
function kingCaptureOf(strength: string): Variant['kingCapture'] {
  if (strength === 's' || strength === 'y') {
    return { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'surround', edge: 'protects' };
  }
  if (strength === 'c') {
    return { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'custodial', edge: 'hostile' };
  }
  return { onThrone: 'custodial', besideThrone: 'custodial', elsewhere: 'custodial', edge: 'hostile' };
}

function readKing(value: string | undefined, strength: string): Variant['kingCapture'] {
  if (value === undefined) return kingCaptureOf(strength);
  const parts = value.split(',');
  const expected =
    'four values: surround or custodial on the throne, beside it and elsewhere, then hostile or protects';
  if (parts.length !== 4) invalid('x-king', value, expected);
  const [onThrone, besideThrone, elsewhere, edge] = parts;
  const capture = (part: string) => {
    if (!(CAPTURE_MODES as readonly string[]).includes(part)) invalid('x-king', value, expected);
    return part as (typeof CAPTURE_MODES)[number];
  };
  if (!(EDGE_MODES as readonly string[]).includes(edge)) invalid('x-king', value, expected);
  return {
    onThrone: capture(onThrone),
    besideThrone: capture(besideThrone),
    elsewhere: capture(elsewhere),
    edge: edge as (typeof EDGE_MODES)[number],
  };
}

const OUTCOMES = ['draw', 'mover-loses', 'defenders-lose'] as const;

function readRepetition(
  value: string | undefined,
  outcome: Variant['end']['repetition']['outcome'],
): Variant['end']['repetition'] {
  if (value === undefined) return { occurrence: 3, outcome };
  const match = /^([23]),(.*)$/.exec(value);
  if (!match || !(OUTCOMES as readonly string[]).includes(match[2])) {
    invalid('x-rep', value, '2 or 3, then draw, mover-loses or defenders-lose (e.g. 3,defenders-lose)');
  }
  return {
    occurrence: Number(match![1]) as 2 | 3,
    outcome: match![2] as (typeof OUTCOMES)[number],
  };
}

function defaultWords(escapeSquares: Variant['escapeSquares']): Variant['words'] {
  return { throne: 'throne', escape: escapeSquares === 'edge' ? 'edge' : 'corner' };
}

function readWords(value: string | undefined, escapeSquares: Variant['escapeSquares']): Variant['words'] {
  if (value === undefined) return defaultWords(escapeSquares);
  const [throne, escapeWord, ...rest] = value.split(',');
  const expected = 'throne or centre, then citadel, corner or edge (e.g. centre,citadel)';
  if (rest.length > 0 || !['throne', 'centre'].includes(throne)) invalid('x-words', value, expected);
  if (!['citadel', 'corner', 'edge'].includes(escapeWord)) invalid('x-words', value, expected);
  return { throne: throne as Variant['words']['throne'], escape: escapeWord as Variant['words']['escape'] };
}

/**
 * The start must be a position of this board (the position reader's checks: shape, symbols,
 * one king, guards only under guard rules) with no piece where the rules never let one stand:
 * a piece other than the king on the throne or a corner square, the king on an escape square.
 */
function checkStart(record: RulesRecord): void {
  // Compiled under a scratch id: the engine's table cache keeps one entry for it, the last one read.
  const variant = houseVariant(record, 'server:opentafl-rules-check');
  const rules = rulesFor(variant);
  const cells = Position.empty(rules);
  try {
    readPosition(rules, record.layout, cells);
  } catch (error) {
    if (!(error instanceof NotationError)) throw error;
    fail('invalid-start', { key: 'start', value: record.layout, detail: error.message });
  }
  for (const cell of rules.squares) {
    const piece = cells[cell];
    if (piece === EMPTY) continue;
    const square = squareName([(cell % rules.width) - 1, Math.floor(cell / rules.width) - 1]);
    if (piece === KING && rules.escape[cell] === 1) {
      fail('invalid-start', {
        key: 'start',
        value: record.layout,
        detail: `the king starts on ${square}, an escape square`,
      });
    }
    if (piece !== KING && rules.kingOnly[cell] === 1) {
      fail('invalid-start', {
        key: 'start',
        value: record.layout,
        detail: `only the king may stand on ${square}`,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Writes a variant (or a rules record) as an OpenTafl rules string: `dim` first, `start` last,
 * OpenTafl's keys where they differ from its defaults (and always `name` and `atkf`, as OpenTafl
 * writes them), then the `x-` entries for what OpenTafl cannot say.
 */
export function writeOpenTaflRules(variant: RulesRecord): string {
  const out: string[] = [`dim:${variant.size}`, `name:${encodeName(variant.name)}`];
  const add = (key: string, value: string) => {
    if (value !== DEFAULTS[key]) out.push(`${key}:${value}`);
  };
  const edge = variant.escapeSquares === 'edge';
  add('esc', edge ? 'e' : 'c');
  add('surf', variant.end.enclosure ? 'y' : 'n');
  out.push(`atkf:${variant.firstToMove === 'attackers' ? 'y' : 'n'}`);
  const { repetition } = variant.end;
  const tfr = repetition.outcome === 'draw' ? 'd' : 'w';
  add('tfr', tfr);
  add('ka', variant.capture.kingArmed ? 'y' : 'n');
  const { onThrone, besideThrone, elsewhere } = variant.kingCapture;
  const ks = elsewhere === 'surround' ? 's' : onThrone === 'surround' ? 'c' : 'w';
  add('ks', ks);
  if (variant.escapeSquares === 'corner-blocks') {
    out.push(`cor:${cornerSquares(variant.size, 'corner-blocks').map(squareName).join(',')}`);
  } else if (edge) {
    out.push('cor:');
  }
  add('cenp', variant.movement.othersPassThrone ? 'tcnkTCNK' : 'K');
  const throne = variant.capture.throneHostileTo;
  add('cenh', throne.attackers === 'always' ? 'tcnk' : '');
  add('cenhe', throne.defenders === 'when-empty' ? 'tcnkTCNK' : 'tcnk');
  const corners = variant.capture.cornersHostileTo;
  if (!edge && corners) add('corh', `${corners.attackers ? 'tcnk' : ''}${corners.defenders ? 'TCNK' : ''}`);
  add('sw', variant.capture.shieldwall ? 's' : 'n');
  add('efe', variant.end.exitFort ? 'y' : 'n');

  const implied = kingCaptureOf(ks);
  const king = variant.kingCapture;
  if (
    implied.onThrone !== onThrone ||
    implied.besideThrone !== besideThrone ||
    implied.elsewhere !== elsewhere ||
    implied.edge !== king.edge
  ) {
    out.push(`x-king:${onThrone},${besideThrone},${elsewhere},${king.edge}`);
  }
  if (throne.king !== throne.defenders) out.push(`x-throne-king:${throne.king}`);
  if (repetition.occurrence !== 3 || repetition.outcome !== (tfr === 'd' ? 'draw' : 'mover-loses')) {
    out.push(`x-rep:${repetition.occurrence},${repetition.outcome}`);
  }
  if (variant.end.noLegalMove !== 'loses') out.push(`x-nomove:${variant.end.noLegalMove}`);
  if (variant.capture.guards !== variant.layout.includes('G')) {
    out.push(`x-guards:${variant.capture.guards ? 'y' : 'n'}`);
  }
  if (variant.drawnOn !== 'squares') out.push(`x-drawn:${variant.drawnOn}`);
  const words = defaultWords(variant.escapeSquares);
  if (variant.words.throne !== words.throne || variant.words.escape !== words.escape) {
    out.push(`x-words:${variant.words.throne},${variant.words.escape}`);
  }
  if (variant.match) out.push('x-match:y');
  if (variant.documents.length > 0) out.push(`x-docs:${variant.documents.map(encode).join(',')}`);
  out.push(`start:${variant.layout}`);
  return out.join(' ');
}

/** Percent-encodes what would break an entry (`%`, `,`, `:`, white space) and `_`; also non-ASCII text. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/_/g, '%5F');
}

function decode(key: string, text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return invalid(key, text, 'percent-encoded text');
  }
}

/** OpenTafl writes a name's spaces as `_`; the rest is percent-encoded like the `x-` values. */
function encodeName(name: string): string {
  return encode(name).replace(/%20/g, '_');
}

/** A name OpenTafl wrote may hold a bare `%` (it does not percent-encode): then it is taken as written. */
function decodeName(text: string): string {
  const spaced = text.replace(/_/g, ' ');
  try {
    return decodeURIComponent(spaced).trim();
  } catch {
    return spaced.trim();
  }
}
