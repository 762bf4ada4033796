/** Random OpenTafl rules strings this bot can play, for the properties of the reader and of `/variant add`. */
import fc from 'fast-check';

const SIZES = [7, 9, 11, 13] as const;

function layoutArbitrary(size: number, exits: 'corners' | 'blocks' | 'edge') {
  const last = size - 1;
  const centre = last / 2;
  const blocked = (file: number, rank: number) => {
    if (file === centre && rank === centre) return true;
    const nearFile = exits === 'blocks' ? file <= 1 || file >= last - 1 : file === 0 || file === last;
    const nearRank = exits === 'blocks' ? rank <= 1 || rank >= last - 1 : rank === 0 || rank === last;
    return exits !== 'edge' && nearFile && nearRank;
  };
  const kingSquare = fc.oneof(
    fc.constant([centre, centre] as const),
    fc
      .tuple(fc.integer({ min: 1, max: last - 1 }), fc.integer({ min: 1, max: last - 1 }))
      .filter(([file, rank]) => !blocked(file, rank) || (file === centre && rank === centre)),
  );
  const cell = fc.constantFrom('', '', '', 't', 't', 'T', 'G');
  return fc
    .tuple(kingSquare, fc.array(cell, { minLength: size * size, maxLength: size * size }))
    .map(([[kingFile, kingRank], cells]) => {
      let text = '/';
      for (let rank = 0; rank < size; rank++) {
        let gap = 0;
        for (let file = 0; file < size; file++) {
          let piece: string = cells[rank * size + file];
          if (file === kingFile && rank === kingRank) piece = 'K';
          else if (blocked(file, rank)) piece = '';
          if (piece === '') {
            gap++;
            continue;
          }
          if (gap > 0) text += gap;
          gap = 0;
          text += piece;
        }
        if (gap > 0) text += gap;
        text += '/';
      }
      return text;
    });
}

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const textArbitrary = fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' });

/** A random rules string this bot can play, its entries in a random order. */
export const rulesStringArbitrary = fc
  .record({
    size: fc.constantFrom(...SIZES),
    exits: fc.constantFrom('corners' as const, 'blocks' as const, 'edge' as const),
    shieldwall: fc.boolean(),
  })
  .chain(({ size, exits, shieldwall }) => {
    const last = size - 1;
    const letters = (n: number) => String.fromCharCode(97 + n);
    const blockSquares = [0, 1, last - 1, last].flatMap((rank) =>
      [0, 1, last - 1, last].map((file) => `${letters(file)}${rank + 1}`),
    );
    const cornerSquares = [0, last].flatMap((rank) => [0, last].map((file) => `${letters(file)}${rank + 1}`));
    const cor =
      exits === 'edge'
        ? fc.constant('')
        : exits === 'blocks'
          ? fc.shuffledSubarray(blockSquares, { minLength: 16, maxLength: 16 }).map((s) => s.join(','))
          : fc.constantFrom(
              undefined,
              'default',
              cornerSquares.join(','),
              [...cornerSquares].reverse().join(','),
            );
    const word = (values: string[]) => maybe(fc.constantFrom(...values));
    return fc.record({
      dim: fc.constant(String(size)),
      name: maybe(
        fc
          .array(fc.constantFrom('a', 'B', '7', ' ', '(', ')', '_', 'ä', '%', ':', ','), {
            minLength: 1,
            maxLength: 10,
          })
          .map((chars) => chars.join('').trim())
          .filter((name) => name !== '')
          .map((name) => encodeURIComponent(name).replace(/_/g, '%5F').replace(/%20/g, '_')),
      ),
      esc: exits === 'edge' ? fc.constant('e') : fc.constantFrom(undefined, 'c'),
      cor: cor as fc.Arbitrary<string | undefined>,
      cen: word(['default', `${letters(last / 2)}${last / 2 + 1}`]),
      surf: word(['y', 'n']),
      atkf: word(['y', 'n']),
      efe: word(['y', 'n']),
      tfr: word(['d', 'w']),
      ka: word(['y', 'n']),
      ks: word(['s', 'y', 'c', 'w', 'n']),
      kj: word(['n']),
      nj: word(['n', 'r', 'j', 'c']),
      cj: word(['n', 'r', 'j', 'c']),
      ber: word(['n']),
      linc: word(['n']),
      spd: word(['-1']),
      sw: shieldwall ? fc.constant('s') : word(['n']),
      swf: word(['y']),
      corh: shieldwall ? word(['tcnkTCNK', 'tT', 'TKt']) : word(['tcnkTCNK', '', 't', 'TCNK', 'tcnk', 'K']),
      corp: word(['K', 'kK', 'KN']),
      cors: word(['K', 'Kc']),
      cenp: word(['tcnkTCNK', 'K', 'tTK', 'Kn']),
      cens: word(['K', 'Kk']),
      cenre: word(['K', 'tcnkTCNK']),
      cenh: word(['tcnk', '', 't', 'tK', 'K']),
      cenhe: word(['tcnkTCNK', 't', 'tcnk', 'tT', 'tTK']),
      'x-king': maybe(
        fc
          .tuple(
            fc.constantFrom('surround', 'custodial'),
            fc.constantFrom('surround', 'custodial'),
            fc.constantFrom('surround', 'custodial'),
            fc.constantFrom('hostile', 'protects'),
          )
          .map((parts) => parts.join(',')),
      ),
      'x-throne-king': word(['when-empty', 'never']),
      'x-rep': word([
        '2,draw',
        '3,draw',
        '2,mover-loses',
        '3,mover-loses',
        '2,defenders-lose',
        '3,defenders-lose',
      ]),
      'x-nomove': word(['loses', 'draw']),
      'x-drawn': word(['squares', 'points']),
      'x-words': word(['throne,corner', 'centre,citadel', 'throne,edge', 'centre,corner']),
      'x-match': word(['y', 'n']),
      'x-docs': maybe(
        fc
          .array(textArbitrary, { minLength: 1, maxLength: 3 })
          .map((docs) => docs.map(encodeURIComponent).join(',')),
      ),
      start: layoutArbitrary(size, exits),
      order: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
    });
  })
  .map(({ order, ...entries }) => {
    // Every entry in a random order (OpenTafl's reader does not mind the order).
    const list = Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined);
    const keyed = list.map((entry, i) => ({ entry, rank: order[i] ?? i }));
    keyed.sort((a, b) => a.rank - b.rank);
    return keyed.map(({ entry: [key, value] }) => `${key}:${value}`).join(' ');
  });

/** Values a member might type, or a fuzzer would: empty, long, markdown, mentions, broken escapes. */
const hostileValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'y', 'n', 'default', '-1', 'tcnkTCNK', '%', '%zz', '`', '**x**', '@everyone', '<@&1>'),
  fc.integer({ min: -5, max: 40 }).map(String),
  fc.constantFrom('x', 'q', ':').map((letter) => letter.repeat(1200)),
);

const KEYS = [
  'dim',
  'start',
  'esc',
  'cor',
  'atkf',
  'surf',
  'efe',
  'ks',
  'ka',
  'sw',
  'tfr',
  'cenh',
  'cenhe',
  'x-king',
  'x-rep',
  'name',
];

const mutation = fc.record({
  kind: fc.constantFrom('drop', 'value', 'key', 'insert', 'duplicate', 'start', 'strip', 'colon'),
  index: fc.nat(),
  key: fc.oneof(fc.constantFrom(...KEYS), fc.string({ minLength: 1, maxLength: 8 })),
  value: hostileValue,
  piece: fc.constantFrom('t', 'T', 'K', 'G', '/', '1', '2', '9', 'x', ''),
  stripped: fc.constantFrom('t', 'T'),
});

/** A position without every piece of one kind (`t` or `T`): each becomes an empty square. */
function without(position: string, piece: string): string {
  return position
    .split('/')
    .map((row) => {
      const tokens: (string | number)[] = [];
      for (const token of row.match(/\d+|./g) ?? []) {
        const empty = /^\d+$/.test(token) ? Number(token) : token === piece ? 1 : null;
        const last = tokens.at(-1);
        if (empty === null) tokens.push(token);
        else if (typeof last === 'number') tokens[tokens.length - 1] = last + empty;
        else tokens.push(empty);
      }
      return tokens.join('');
    })
    .join('/');
}

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

/** One change to a rules string's entries (split at spaces). */
function mutate(entries: string[], change: Mutation): string[] {
  const at = entries.length === 0 ? 0 : change.index % entries.length;
  const next = [...entries];
  const colon = (entry: string) => entry.indexOf(':');
  switch (change.kind) {
    case 'drop':
      next.splice(at, 1);
      break;
    case 'value':
      if (next[at] !== undefined)
        next[at] = `${next[at].slice(0, Math.max(colon(next[at]), 0))}:${change.value}`;
      break;
    case 'key':
      if (next[at] !== undefined) next[at] = `${change.key}${next[at].slice(Math.max(colon(next[at]), 0))}`;
      break;
    case 'insert':
      next.splice(at, 0, `${change.key}:${change.value}`);
      break;
    case 'duplicate':
      if (next[at] !== undefined) next.splice(at, 0, next[at]);
      break;
    case 'start': {
      const start = next.findIndex((entry) => entry.startsWith('start:'));
      if (start < 0) break;
      const text = next[start];
      const where = 'start:'.length + (change.index % Math.max(text.length - 'start:'.length, 1));
      next[start] = `${text.slice(0, where)}${change.piece}${text.slice(where + 1)}`;
      break;
    }
    case 'strip': {
      const start = next.findIndex((entry) => entry.startsWith('start:'));
      if (start >= 0) next[start] = `start:${without(next[start].slice('start:'.length), change.stripped)}`;
      break;
    }
    case 'colon':
      if (next[at] !== undefined) next[at] = next[at].replace(':', '');
      break;
  }
  return next;
}

/** A playable rules string changed in one to three ways: most are refused, some still play. */
export const mutatedRulesStringArbitrary = fc
  .tuple(rulesStringArbitrary, fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([text, changes]) => changes.reduce(mutate, text.split(' ')).join(' '));
