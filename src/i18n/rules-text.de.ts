/**
 * The rules of a variant in brief, in German: the same record the engine plays by, told in the
 * words of the German Alea Evangelii rules. Kept line for line with `engine/rules-text.ts`, and
 * like it written from the record's fields only.
 */
import { isVariantId, type Variant } from '../engine/index.ts';
import { i18n } from './resources.ts';
import { cornersHostileTo, type RulesText } from './rules-text.en.ts';

const ORDINAL = { 2: 'zweiten', 3: 'dritten' } as const;
const THRONE = { throne: 'Thron', centre: 'Mittelpunkt' } as const;

export function describeRulesDe(variant: Variant): RulesText {
  const throne = THRONE[variant.words.throne];
  const edgeEscape = variant.escapeSquares === 'edge';
  const corners = variant.escapeSquares === 'corners';
  const escapes = corners ? 'den vier Eckfeldern' : 'den 16 Zitadellenpunkten (dem 2x2-Block in jeder Ecke)';
  const oneEscape = edgeEscape
    ? 'irgendein Feld des Brettrands'
    : corners
      ? 'eines der vier Eckfelder'
      : 'einen der 16 Zitadellenpunkte';
  const passing = variant.movement.othersPassThrone
    ? `andere Figuren dürfen über den leeren ${throne} hinwegziehen`
    : `nur der König darf über den ${throne} ziehen`;
  const lines = [
    `**Brett** ${variant.size}x${variant.size} ${variant.drawnOn === 'points' ? 'Punkte' : 'Felder'}. ${count(variant)}. Die ${side(variant.firstToMove)} ziehen zuerst.`,
    `**Ziehen** Jede Figur zieht wie ein Turm im Schach: beliebig weit entlang einer Reihe oder Linie, ohne zu springen. ${
      edgeEscape
        ? `Nur der König darf auf dem ${throne} stehen bleiben; ${passing}. Der König darf auf den ${throne} zurückkehren, nachdem er ihn verlassen hat. Eckfelder gibt es nicht: die Ecken sind, wie der übrige Brettrand, gewöhnliche Felder für jede Figur.`
        : `Nur der König darf auf dem ${throne} oder auf ${escapes} stehen bleiben; ${passing}. Der König darf auf den ${throne} zurückkehren, nachdem er ihn verlassen hat.`
    }`,
    `**Schlagen** Eine gegnerische Figur ist gefangen, wenn sie auf einer Reihe oder Linie zwischen zwei eigenen Figuren eingeschlossen wird, indem die zweite hineinzieht; zwischen zwei Gegner zu ziehen ist sicher. Ein Zug kann auf bis zu drei Seiten schlagen. ${hostility(variant)}`,
    ...(variant.capture.shieldwall ? [`**Schildwall** ${shieldwall(variant)}`] : []),
    variant.capture.kingArmed
      ? '**Der König** ist bewaffnet: er schlägt und hilft beim Schlagen wie jeder Verteidiger.'
      : '**Der König** ist unbewaffnet: er schlägt nie und hilft nie beim Schlagen.',
    ...(variant.capture.guards
      ? ['**Wächter** (die vier Figuren neben dem König) werden nie gefangen und helfen nie beim Schlagen.']
      : []),
    `**Den König fangen** ${kingCapture(variant)}`,
    `**Gewinnen** Die Verteidiger gewinnen, wenn der König ${oneEscape} erreicht${
      variant.end.exitFort ? ' oder in einer Randfestung steht' : ''
    }. Die Angreifer gewinnen, indem sie den König fangen${
      variant.end.enclosure
        ? `, oder indem sie den König und alle Verteidiger so einschließen, dass keiner von ihnen über leere Felder den Brettrand erreichen könnte (der leere ${throne} zählt als frei; Angreifer, die sich nur diagonal berühren, schließen den Ring ebenfalls)`
        : ''
    }.`,
    ...(variant.end.exitFort ? [`**Randfestung** ${EXIT_FORT}`] : []),
    `**Außerdem** ${repetition(variant)} Eine Seite ohne legalen Zug ${variant.end.noLegalMove === 'loses' ? 'verliert' : 'spielt unentschieden'}. ${
      automaticDraw(variant) ? 'Ein' : 'Ein automatisches Remis gibt es nicht; ein'
    } Spieler darf aufgeben, und beide können Remis vereinbaren.${
      variant.match
        ? ' Ein vollständiger Wettkampf sind zwei Partien mit getauschten Seiten: zwei Siege entscheiden ihn; bei je einem Sieg der Sieg mit weniger Zügen.'
        : ''
    }`,
  ];
  const title = isVariantId(variant.id)
    ? i18n.getFixedT('de', 'messages')(`variantNames.${variant.id}`)
    : variant.name;
  return { title, lines };
}

/** Whether some rule ends the game in a draw by itself (beyond the players agreeing one). */
const automaticDraw = (variant: Variant) =>
  variant.end.repetition.outcome === 'draw' || variant.end.noLegalMove === 'draw';

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

/** One escape square with its article: "ein Eckfeld", "ein Zitadellenpunkt". */
function oneCorner(variant: Variant): string {
  return variant.escapeSquares === 'corners' ? 'ein Eckfeld' : 'ein Zitadellenpunkt';
}

function hostility(variant: Variant): string {
  const throne = THRONE[variant.words.throne];
  const { attackers: toAttackers, defenders: toDefenders, king: toKing } = variant.capture.throneHostileTo;
  const allWhenEmpty =
    toAttackers === 'when-empty' && toDefenders === 'when-empty' && toKing === 'when-empty';
  const kingClause =
    toKing === (toDefenders === 'never' ? 'never' : 'when-empty')
      ? ''
      : toKing === 'never'
        ? ', und gegen den König nie'
        : ', und gegen den König nur wenn er leer ist';
  const againstWhom = `gegen Angreifer ${toAttackers === 'always' ? 'immer' : 'wenn er leer ist'} und gegen Verteidiger ${
    toDefenders === 'never' ? 'nie' : 'nur wenn er leer ist'
  }${kingClause}`;
  if (variant.escapeSquares === 'edge') {
    const throneRule = allWhenEmpty
      ? `Der leere ${throne} zählt gegen jeden als gegnerische Figur`
      : `Der ${throne} zählt als gegnerische Figur ${againstWhom}`;
    return `${throneRule}; der Brettrand, die Ecken eingeschlossen, nie.`;
  }
  const cornerTargets = {
    anyone: 'gegen jeden',
    attackers: 'nur gegen Angreifer',
    defenders: 'nur gegen Verteidiger (den König eingeschlossen)',
    none: '',
  }[cornersHostileTo(variant)];
  const corners = cornerTargets
    ? `Die ${escapesPlural(variant)} zählen ${cornerTargets} als gegnerische Figur`
    : `Die ${escapesPlural(variant)} zählen nie als gegnerische Figur`;
  if (allWhenEmpty)
    return cornerTargets === 'gegen jeden'
      ? `${corners}, ebenso der leere ${throne}.`
      : `${corners}; der leere ${throne} zählt gegen jeden.`;
  return `${corners}; der ${throne} zählt ${againstWhom}.`;
}

/** The shieldwall, as the project reads it: a flanking move onto the edge closes it. */
function shieldwall(variant: Variant): string {
  const corner = variant.escapeSquares === 'edge' ? '' : ` oder dort ${oneCorner(variant)} ist`;
  const king = variant.capture.kingArmed
    ? 'der König kann für die Verteidiger auch ein Ende schließen oder davor stehen'
    : 'der König kann für die Verteidiger davor stehen, aber kein Ende schließen';
  return `Zwei oder mehr gegnerische Figuren nebeneinander am Brettrand, jede mit einer eigenen Figur direkt davor (eine Linie weiter innen), werden zusammen geschlagen, wenn eine eigene Figur auf das Randfeld an einem Ende der Reihe zieht, während am anderen Ende schon eine eigene Figur steht${corner}. Nur dieser Zug an ein Ende schlägt: die vordere Linie zu vervollständigen schlägt nicht. Ein König in der Reihe bleibt stehen, während die anderen geschlagen werden; ${king}. Schildwall und gewöhnliches Schlagen desselben Zuges geschehen zusammen.`;
}

function kingCapture(variant: Variant): string {
  const throne = THRONE[variant.words.throne];
  const { onThrone, besideThrone, elsewhere, edge } = variant.kingCapture;
  const throneCounts = variant.capture.throneHostileTo.king === 'when-empty';
  // With edge escape the king never stands on the edge while the game goes on: reaching it wins.
  const corners = variant.escapeSquares !== 'edge';
  const edgeRule = !corners
    ? ''
    : edge === 'protects'
      ? ' Am Brettrand kann er nicht gefangen werden.'
      : ' Am Brettrand: auf seinen drei anderen Seiten.';
  if (onThrone === 'surround' && besideThrone === 'surround' && elsewhere === 'surround' && throneCounts) {
    const substitutes = corners
      ? `die ${escapesPlural(variant)} und der leere ${throne} zählen an Stelle eines Angreifers`
      : `der leere ${throne} zählt an Stelle eines Angreifers`;
    return `Angreifer auf allen vier Seiten, oder auf seinen drei anderen Seiten neben dem ${throne}; ${substitutes}.${edgeRule}`;
  }
  const parts = [
    onThrone === 'surround'
      ? `Auf dem ${throne}: Angreifer auf allen vier Seiten.`
      : `Auf dem ${throne}: zwei Angreifer auf gegenüberliegenden Seiten.`,
  ];
  if (besideThrone === 'surround') {
    parts.push(
      throneCounts
        ? `Daneben: Angreifer auf seinen drei anderen Seiten, der leere ${throne} ist die vierte.`
        : `Daneben kann er nicht gefangen werden, da der ${throne} nie gegen ihn zählt.`,
    );
  }
  const custodialBeside = besideThrone === 'custodial';
  const anvils = `zwei Angreifer auf gegenüberliegenden Seiten${corners ? `, oder einer und ${oneCorner(variant)}` : ''}${
    custodialBeside && throneCounts ? `, oder neben dem ${throne} einer und der leere ${throne}` : ''
  }`;
  const ignored = [
    ...(corners ? ['der Brettrand'] : []),
    ...(custodialBeside && !throneCounts ? [`der leere ${throne}`] : []),
  ];
  const notCounting =
    ignored.length === 2
      ? `; weder ${ignored[0]} noch ${ignored[1]} zählen gegen ihn`
      : ignored.length === 1
        ? `; ${ignored[0]} zählt nie gegen ihn`
        : '';
  if (elsewhere === 'custodial') {
    const included = [
      ...(custodialBeside ? [`neben dem ${throne}`] : []),
      ...(corners ? ['am Brettrand'] : []),
    ];
    const where = included.length > 0 ? `Überall sonst, auch ${included.join(' und ')},` : 'Überall sonst';
    parts.push(`${where} wird er wie jede Figur gefangen: ${anvils}${notCounting}.`);
  } else {
    if (custodialBeside) parts.push(`Daneben wird er wie jede Figur gefangen: ${anvils}${notCounting}.`);
    parts.push(
      `Überall sonst: Angreifer auf allen vier Seiten${corners ? `, wobei ${oneCorner(variant)} an Stelle eines Angreifers zählt` : ''}.${edgeRule}`,
    );
  }
  return parts.join(' ');
}

/** The exit fort, as the engine judges it: pessimistically, never a fort that could break. */
const EXIT_FORT =
  'Die Verteidiger gewinnen auch, wenn der König am Brettrand steht, ziehen kann und in einer Festung steht: die Felder, die er erreichen kann, sind allein von Verteidigern und dem Brettende umschlossen, kein Angreifer ist darin, und keiner dieser Verteidiger könnte je geschlagen werden. Der Bot urteilt vorsichtig und erkennt nur eine Festung an, die nie brechen kann: jeder Verteidiger der Mauer muss auf beiden Linien durch ihn mindestens eine Seite haben, die das Brettende, ein anderer Verteidiger der Mauer oder ein Feld innerhalb der Festung ist, das nicht als gegnerische Figur zählt; ein Verteidiger außerhalb der Mauer schützt nichts. Im Zweifel geht die Partie weiter. Die Festung wird nach jedem Zug beider Seiten geprüft.';

function repetition(variant: Variant): string {
  const { occurrence, outcome } = variant.end.repetition;
  const when = `Steht eine Stellung zum ${ORDINAL[occurrence]} Mal auf dem Brett (gleiche Figuren, gleiche Seite am Zug)`;
  if (outcome === 'draw') return `${when}, endet die Partie unentschieden.`;
  if (outcome === 'defenders-lose')
    return `${when}, verlieren die Verteidiger, gleich welche Seite den Zug gemacht hat.`;
  return `${when}, verliert der Spieler, dessen Zug sie herbeigeführt hat.`;
}
