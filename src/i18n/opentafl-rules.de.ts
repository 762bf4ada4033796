/** Why an OpenTafl rules string is refused, in German: the same codes and particulars as the English. */
import type {
  DecidedStartReason,
  OpenTaflKey,
  OpenTaflRulesErrorCode,
  OpenTaflRulesParams,
} from '../engine/index.ts';

/** What each OpenTafl key (and each `x-` key) is about. */
export const openTaflRuleNamesDe: Record<OpenTaflKey, string> = {
  dim: 'Brettgröße',
  name: 'Name',
  start: 'Startstellung',
  esc: 'Fluchtfelder',
  surf: 'Einschließen',
  atkf: 'Angreifer ziehen zuerst',
  tfr: 'dreifache Wiederholung',
  ka: 'bewaffneter König',
  ks: 'Stärke des Königs',
  kj: 'Sprünge des Königs',
  nj: 'Sprünge des Springers',
  cj: 'Sprünge des Kommandanten',
  cor: 'Eckfelder',
  cen: 'Mittelfelder',
  afor: 'Festungen der Angreifer',
  dfor: 'Festungen der Verteidiger',
  spd: 'Zugweiten',
  corh: 'Ecken feindlich für',
  cenh: 'besetzter Thron feindlich für',
  cenhe: 'leerer Thron feindlich für',
  aforh: 'Festungen der Angreifer feindlich für',
  dforh: 'Festungen der Verteidiger feindlich für',
  corp: 'wer über die Ecken ziehen darf',
  cenp: 'wer über den Thron ziehen darf',
  aforp: 'wer über Festungen der Angreifer ziehen darf',
  dforp: 'wer über Festungen der Verteidiger ziehen darf',
  cors: 'wer auf den Ecken stehen darf',
  cens: 'wer auf dem Thron stehen darf',
  afors: 'wer auf Festungen der Angreifer stehen darf',
  dfors: 'wer auf Festungen der Verteidiger stehen darf',
  corre: 'wer die Ecken wieder betreten darf',
  cenre: 'wer den Thron wieder betreten darf',
  aforre: 'wer Festungen der Angreifer wieder betreten darf',
  dforre: 'wer Festungen der Verteidiger wieder betreten darf',
  sw: 'Schildwall',
  swf: 'Schildwall nur beim Flankieren',
  efe: 'Randfestung',
  ber: 'Berserkerzüge',
  linc: 'Linnés Schlagregel',
  edge: 'Randregeln',
  'x-king': 'Schlagen des Königs nach Feld',
  'x-throne-king': 'leerer Thron feindlich für den König',
  'x-rep': 'Wiederholung',
  'x-nomove': 'kein legaler Zug',
  'x-guards': 'Wächter',
  'x-drawn': 'Brett gezeichnet auf',
  'x-words': 'Namen der besonderen Felder',
  'x-match': 'Wettkampf über zwei Partien',
  'x-docs': 'Regeldokumente',
};

const named = (key: string | undefined, value: string | undefined) => {
  const name = key === undefined ? undefined : openTaflRuleNamesDe[key as OpenTaflKey];
  return `\`${key}:${value}\`${name ? ` (${name})` : ''}`;
};

export const openTaflRulesMessagesDe: Record<
  OpenTaflRulesErrorCode,
  (params: OpenTaflRulesParams) => string
> = {
  'malformed-entry': (p) =>
    `„${p.entry}“ ist keine Regel: schreibe jede Regel als Schlüssel:Wert, z. B. dim:11`,
  'duplicate-key': (p) => `\`${p.key}\` steht zweimal da`,
  'missing-key': (p) => `die Regeln brauchen \`${p.key}:\` (${openTaflRuleNamesDe[p.key as OpenTaflKey]})`,
  'unknown-key': (p) => `\`${p.key}:${p.value}\` ist keine OpenTafl-Regel, die dieser Bot kennt`,
  'unsupported-key': (p) => `${named(p.key, p.value)} wird nicht unterstützt`,
  'invalid-value': (p) => `${named(p.key, p.value)}: \`${p.key}\` nimmt ${p.expected}`,
  'out-of-range': (p) =>
    `${named(p.key, p.value)}: die Brettgröße muss eine ungerade Zahl von ${p.min} bis ${p.max} sein`,
  'unsupported-combination': (p) =>
    `${named(p.key, p.value)} zusammen mit ${named(p.otherKey, p.otherValue)} wird nicht unterstützt`,
  // The reader's detail is in English: the German names every condition instead.
  'invalid-start': () =>
    'die Startstellung (`start:`) ist nicht verwendbar: jede Reihe muss genau `dim` Felder abdecken (Ziffern für leere Felder, t, T, K), mit genau einem König (K), und auf Thron und Fluchtfeldern darf nur der König stehen, nicht auf einem Fluchtfeld',
};

/** Why a start leaves nothing to play (after „die Partie wäre vor dem ersten Zug vorbei: “). */
export const decidedStartMessagesDe: Record<DecidedStartReason, (p: { side?: unknown }) => string> = {
  'no-attackers': () => 'die Startstellung hat keine Angreifer',
  'no-legal-move': (p) =>
    `die ${p.side === 'attackers' ? 'Angreifer' : 'Verteidiger'} ziehen zuerst und haben keinen erlaubten Zug`,
  enclosed: () => 'die Angreifer haben schon alle Verteidiger eingeschlossen (`surf:y`)',
  'exit-fort': () => 'der König steht schon in einer Randfestung (`efe:y`)',
  'king-escaped': () => 'der König steht schon auf einem Fluchtfeld',
  'king-captured': () => 'der König ist schon geschlagen',
  repetition: () => 'die Stellung wiederholt sich schon',
  resignation: () => 'die Partie ist schon entschieden',
  'agreed-draw': () => 'die Partie ist schon entschieden',
  timeout: () => 'die Partie ist schon entschieden',
};
