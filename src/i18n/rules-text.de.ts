/**
 * The rules of a variant in brief, in German: the same record the engine plays by, told in the
 * words of the German Alea Evangelii rules. Kept line for line with `engine/rules-text.ts`.
 */
import { getVariant, type RulesText, type VariantId } from '../engine/index.ts';
import type { Variant } from '../engine/variants.ts';
import { VARIANT_NAMES_DE } from './de.ts';

const ORDINAL = { 2: 'zweiten', 3: 'dritten' } as const;
const THRONE = { throne: 'Thron', centre: 'Mittelpunkt' } as const;

export function describeRulesDe(id: VariantId): RulesText {
  const variant = getVariant(id);
  const throne = THRONE[variant.words.throne];
  const corners = variant.escapeSquares === 'corners';
  const escapes = corners ? 'den vier Eckfeldern' : 'den 16 Zitadellenpunkten (dem 2x2-Block in jeder Ecke)';
  const oneEscape = corners ? 'eines der vier Eckfelder' : 'einen der 16 Zitadellenpunkte';
  const lines = [
    `**Brett** ${variant.size}x${variant.size} ${variant.drawnOn === 'points' ? 'Punkte' : 'Felder'}. ${count(variant)}. Die ${side(variant.firstToMove)} ziehen zuerst.`,
    `**Ziehen** Jede Figur zieht wie ein Turm im Schach: beliebig weit entlang einer Reihe oder Linie, ohne zu springen. Nur der König darf auf dem ${throne} oder auf ${escapes} stehen bleiben; ${
      variant.movement.othersPassThrone
        ? `andere Figuren dürfen über den leeren ${throne} hinwegziehen`
        : `nur der König darf über den ${throne} ziehen`
    }.`,
    `**Schlagen** Eine gegnerische Figur ist gefangen, wenn sie auf einer Reihe oder Linie zwischen zwei eigenen Figuren eingeschlossen wird, indem die zweite hineinzieht; zwischen zwei Gegner zu ziehen ist sicher. Ein Zug kann auf bis zu drei Seiten schlagen. ${hostility(variant)}`,
    variant.capture.kingArmed
      ? '**Der König** ist bewaffnet: er schlägt und hilft beim Schlagen wie jeder Verteidiger.'
      : '**Der König** ist unbewaffnet: er schlägt nie und hilft nie beim Schlagen.',
    ...(variant.capture.guards
      ? ['**Wächter** (die vier Figuren neben dem König) werden nie gefangen und helfen nie beim Schlagen.']
      : []),
    `**Den König fangen** ${kingCapture(variant)}`,
    `**Gewinnen** Die Verteidiger gewinnen, wenn der König ${oneEscape} erreicht. Die Angreifer gewinnen, indem sie den König fangen${
      variant.end.enclosure
        ? ', oder indem sie den König und alle Verteidiger so einschließen, dass keiner den Brettrand erreichen kann (Figuren, die sich nur diagonal berühren, schließen den Ring ebenfalls)'
        : ''
    }.`,
    `**Außerdem** ${repetition(variant)} Eine Seite ohne legalen Zug ${variant.end.noLegalMove === 'loses' ? 'verliert' : 'spielt unentschieden'}. Ein Spieler darf aufgeben, und beide können Remis vereinbaren.${
      variant.match
        ? ' Ein vollständiger Wettkampf sind zwei Partien mit getauschten Seiten: zwei Siege entscheiden ihn; bei je einem Sieg der Sieg mit weniger Zügen.'
        : ''
    }`,
  ];
  return { title: VARIANT_NAMES_DE[id], lines };
}

const side = (name: Variant['firstToMove']) => (name === 'attackers' ? 'Angreifer' : 'Verteidiger');

function count(variant: Variant): string {
  const pieces = variant.layout.replace(/[^tTKG]/g, '');
  const attackers = [...pieces].filter((piece) => piece === 't').length;
  const defenders = [...pieces].filter((piece) => piece === 'T' || piece === 'G').length;
  return `${attackers} Angreifer gegen den König und ${defenders} Verteidiger`;
}

function escapesPlural(variant: Variant): string {
  return variant.escapeSquares === 'corners' ? 'Eckfelder' : 'Zitadellenpunkte';
}

function hostility(variant: Variant): string {
  const throne = THRONE[variant.words.throne];
  const toAttackers = variant.capture.throneHostileTo.attackers;
  const toDefenders = variant.capture.throneHostileTo.defenders;
  const corners = `Die ${escapesPlural(variant)} zählen gegen jeden als gegnerische Figur`;
  if (toAttackers === 'when-empty' && toDefenders === 'when-empty')
    return `${corners}, ebenso der leere ${throne}.`;
  return `${corners}; der ${throne} zählt gegen Angreifer ${toAttackers === 'always' ? 'immer' : 'wenn er leer ist'} und gegen Verteidiger ${
    toDefenders === 'never' ? 'nie' : 'nur wenn er leer ist'
  }.`;
}

function kingCapture(variant: Variant): string {
  const throne = THRONE[variant.words.throne];
  const { elsewhere, edge } = variant.kingCapture;
  if (elsewhere === 'custodial') {
    return `Auf dem ${throne}: Angreifer auf allen vier Seiten. Daneben: auf seinen drei anderen Seiten. Überall sonst wird er wie jede Figur gefangen (zwei Angreifer auf gegenüberliegenden Seiten, oder einer und ein feindliches Feld).`;
  }
  const edgeRule =
    edge === 'protects'
      ? 'Am Brettrand kann er nicht gefangen werden.'
      : 'Am Brettrand: auf seinen drei anderen Seiten.';
  return `Angreifer auf allen vier Seiten, oder auf seinen drei anderen Seiten neben dem ${throne}; die ${escapesPlural(variant)} und der leere ${throne} zählen an Stelle eines Angreifers. ${edgeRule}`;
}

function repetition(variant: Variant): string {
  const { occurrence, outcome } = variant.end.repetition;
  const when = `Steht eine Stellung zum ${ORDINAL[occurrence]} Mal auf dem Brett (gleiche Figuren, gleiche Seite am Zug)`;
  return outcome === 'draw'
    ? `${when}, endet die Partie unentschieden.`
    : `${when}, verliert der Spieler, dessen Zug sie herbeigeführt hat.`;
}
