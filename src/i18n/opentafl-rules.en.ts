/** Why an OpenTafl rules string is refused, in English: from the reader's code and particulars. */
import type {
  DecidedStartReason,
  OpenTaflKey,
  OpenTaflRulesErrorCode,
  OpenTaflRulesParams,
} from '../engine/index.ts';

/** What each OpenTafl key (and each `x-` key) is about, in English, for the refusals. */
export const openTaflRuleNames: Record<OpenTaflKey, string> = {
  dim: 'board size',
  name: 'name',
  start: 'starting position',
  esc: 'escape squares',
  surf: 'encirclement',
  atkf: 'attackers move first',
  tfr: 'threefold repetition',
  ka: 'king armed',
  ks: 'king strength',
  kj: 'king jumps',
  nj: 'knight jumps',
  cj: 'commander jumps',
  cor: 'corner squares',
  cen: 'centre squares',
  afor: 'attacker fortresses',
  dfor: 'defender fortresses',
  spd: 'speed limits',
  corh: 'corners hostile to',
  cenh: 'occupied throne hostile to',
  cenhe: 'empty throne hostile to',
  aforh: 'attacker fortresses hostile to',
  dforh: 'defender fortresses hostile to',
  corp: 'who may pass the corners',
  cenp: 'who may pass the throne',
  aforp: 'who may pass attacker fortresses',
  dforp: 'who may pass defender fortresses',
  cors: 'who may stop on the corners',
  cens: 'who may stop on the throne',
  afors: 'who may stop on attacker fortresses',
  dfors: 'who may stop on defender fortresses',
  corre: 'who may re-enter the corners',
  cenre: 'who may re-enter the throne',
  aforre: 'who may re-enter attacker fortresses',
  dforre: 'who may re-enter defender fortresses',
  sw: 'shieldwall',
  swf: 'shieldwall flanking move',
  efe: 'exit fort',
  ber: 'berserk moves',
  linc: 'Linnaean capture',
  edge: 'edge rules',
  'x-king': 'king capture by square',
  'x-throne-king': 'empty throne hostile to the king',
  'x-rep': 'repetition',
  'x-nomove': 'no legal move',
  'x-guards': 'guards',
  'x-drawn': 'board drawn on',
  'x-words': 'names of the special squares',
  'x-match': 'two-game match',
  'x-docs': 'rule documents',
};

const named = (key: string | undefined, value: string | undefined) => {
  const name = key === undefined ? undefined : openTaflRuleNames[key as OpenTaflKey];
  return `\`${key}:${value}\`${name ? ` (${name})` : ''}`;
};

/** Why a rules string is refused, in English, from its code and particulars. */
export const openTaflRulesMessages: Record<OpenTaflRulesErrorCode, (params: OpenTaflRulesParams) => string> =
  {
    'malformed-entry': (p) => `"${p.entry}" is not a rule: write each rule as key:value, e.g. dim:11`,
    'duplicate-key': (p) => `\`${p.key}\` is given twice`,
    'missing-key': (p) => `the rules need \`${p.key}:\` (${openTaflRuleNames[p.key as OpenTaflKey]})`,
    'unknown-key': (p) => `\`${p.key}:${p.value}\` is not an OpenTafl rule this bot knows`,
    'unsupported-key': (p) => `${named(p.key, p.value)} is not supported`,
    'invalid-value': (p) => `${named(p.key, p.value)}: \`${p.key}\` takes ${p.expected}`,
    'out-of-range': (p) =>
      `${named(p.key, p.value)}: the board size must be an odd number from ${p.min} to ${p.max}`,
    'unsupported-combination': (p) =>
      `${named(p.key, p.value)} together with ${named(p.otherKey, p.otherValue)} is not supported`,
    'invalid-start': (p) => `the starting position is not usable: ${p.detail}`,
  };

/** Why a start leaves nothing to play (after "the game would be over before its first move: "). */
export const decidedStartMessages: Record<DecidedStartReason, (p: { side?: unknown }) => string> = {
  'no-attackers': () => 'the starting position has no attackers',
  'no-legal-move': (p) => `the ${p.side} move first and have no legal move`,
  enclosed: () => 'the attackers already enclose every defender (`surf:y`)',
  'exit-fort': () => 'the king already stands in an exit fort (`efe:y`)',
  'king-escaped': () => 'the king already stands on an escape square',
  'king-captured': () => 'the king is already captured',
  repetition: () => 'the position already repeats',
  resignation: () => 'the game is already decided',
  'agreed-draw': () => 'the game is already decided',
  timeout: () => 'the game is already decided',
};
