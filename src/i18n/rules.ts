/**
 * The rules of a variant in brief, in any catalogue's language: the facts of the record the engine
 * plays by, each said by a message of the catalogue's `rules` namespace. This module only picks
 * the message for a fact (and the throne's name as its context); every word is the catalogue's,
 * so the text a player reads cannot drift from the rules the bot enforces, in any language, and
 * a server's own variant is told from its record as a built-in is.
 */
import { isVariantId, type Variant } from '../engine/index.ts';
import { i18n } from './resources.ts';

export interface RulesText {
  title: string;
  lines: string[];
}

type Hostility = Variant['capture']['throneHostileTo'];
/** The throne's hostility to attackers, defenders and king, as a key of `capturing.throneAgainst`. */
type ThroneAgainst =
  | 'always_whenEmpty_whenEmpty'
  | 'always_whenEmpty_never'
  | 'always_never_never'
  | 'always_never_whenEmpty'
  | 'whenEmpty_whenEmpty_never'
  | 'whenEmpty_never_never'
  | 'whenEmpty_never_whenEmpty';

/** Whose pieces the corner squares count as an enemy of (OpenTafl's `corh`; every built-in: anyone's). */
function cornersHostileTo(variant: Variant): 'anyone' | 'attackers' | 'defenders' | 'none' {
  const { attackers, defenders } = variant.capture.cornersHostileTo ?? { attackers: true, defenders: true };
  return attackers && defenders ? 'anyone' : attackers ? 'attackers' : defenders ? 'defenders' : 'none';
}

/** How many attackers and defenders (guards included) the start has. */
function pieceCounts(variant: Variant): { attackers: number; defenders: number } {
  const pieces = [...variant.layout.replace(/[^tTG]/g, '')];
  const attackers = pieces.filter((piece) => piece === 't').length;
  return { attackers, defenders: pieces.length - attackers };
}

/** Sentences joined as the language writes them: no space after a full-width full stop. */
export function joinSentences(sentences: readonly string[], language: string): string {
  return sentences
    .map((sentence) => sentence.charAt(0).toLocaleUpperCase(language) + sentence.slice(1))
    .reduce(
      (text, sentence) =>
        !text ? sentence : /[。！？]$/.test(text) ? text + sentence : `${text} ${sentence}`,
      '',
    );
}

const REPETITION = {
  draw: 'draw',
  'mover-loses': 'moverLoses',
  'defenders-lose': 'defendersLose',
} as const;

export function describeRules(variant: Variant, language = 'en'): RulesText {
  const t = i18n.getFixedT(language, 'rules');
  const throne = { context: variant.words.throne };
  const edgeEscape = variant.escapeSquares === 'edge';
  const { kingArmed, guards, shieldwall, throneHostileTo } = variant.capture;
  const { exitFort, enclosure, repetition, noLegalMove } = variant.end;
  // The escape squares' name, in the forms the sentences need: "corner squares", "citadel points".
  const name = `${variant.words.escape === 'citadel' ? 'citadel' : 'corner'}_${variant.drawnOn}` as const;
  const squares = {
    set: t(`squares.${name}.${variant.escapeSquares === 'corners' ? 'four' : 'blocks'}`),
    all: t(`squares.${name}.all`),
    one: t(`squares.${name}.one`),
    reach: t(`squares.${name}.reach`),
  };
  const line = (head: string, sentences: string[]) => `**${head}** ${joinSentences(sentences, language)}`;
  const pass = variant.movement.othersPassThrone ? 'othersPass' : 'kingOnly';
  const { attackers, defenders } = pieceCounts(variant);
  const automaticDraw = repetition.outcome === 'draw' || noLegalMove === 'draw';

  const lines = [
    line(t('heads.board'), [
      t('board.size', { context: variant.drawnOn, size: variant.size }),
      t('board.pieces', { count: attackers, defenders: t('board.defenders', { count: defenders }) }),
      t('board.firstMove', { context: variant.firstToMove }),
    ]),
    line(t('heads.moving'), [
      t('moving.rook'),
      edgeEscape
        ? t(`moving.stop_${pass}`, throne)
        : t(`moving.stopEscapes_${pass}`, { ...throne, escapes: squares.set }),
      t('moving.return', throne),
      ...(edgeEscape ? [t('moving.noCorners')] : []),
    ]),
    line(t('heads.capturing'), [t('capturing.custodial'), t('capturing.threeSides'), hostility()]),
    ...(shieldwall
      ? [
          line(t('heads.shieldwall'), [
            edgeEscape ? t('shieldwall.rule') : t('shieldwall.ruleOrCorner', { one: squares.one }),
            t('shieldwall.endOnly'),
            t('shieldwall.king', { context: kingArmed ? 'armed' : 'unarmed' }),
            t('shieldwall.together'),
          ]),
        ]
      : []),
    t(kingArmed ? 'king.armed' : 'king.unarmed'),
    ...(guards ? [t('guards')] : []),
    line(t('heads.kingCapture'), kingCapture()),
    line(t('heads.winning'), [
      edgeEscape
        ? t(exitFort ? 'winning.edgeOrFort' : 'winning.edge')
        : t(exitFort ? 'winning.escapeOrFort' : 'winning.escape', { escape: squares.reach }),
      enclosure ? t('winning.captureOrEnclosure', throne) : t('winning.capture'),
    ]),
    ...(exitFort ? [line(t('heads.exitFort'), [t('exitFort')])] : []),
    line(t('heads.also'), [
      t('also.repetition', {
        context: REPETITION[repetition.outcome],
        nth: t(repetition.occurrence === 2 ? 'also.nth.second' : 'also.nth.third'),
      }),
      t('also.noLegalMove', { context: noLegalMove }),
      t(automaticDraw ? 'also.resign' : 'also.resignNoAutomaticDraw'),
      ...(variant.match ? [t('also.match')] : []),
    ]),
  ];
  const title = isVariantId(variant.id)
    ? i18n.getFixedT(language, 'messages')(`variantNames.${variant.id}`)
    : variant.name;
  return { title, lines };

  function hostility(): string {
    const { attackers: toAttackers, defenders: toDefenders, king: toKing } = throneHostileTo;
    const allWhenEmpty =
      toAttackers === 'when-empty' && toDefenders === 'when-empty' && toKing === 'when-empty';
    const whom = () => t(`capturing.throneAgainst.${throneAgainst(throneHostileTo)}`);
    if (edgeEscape)
      return allWhenEmpty
        ? t('capturing.edgeEmptyThrone', throne)
        : t('capturing.edgeThrone', { ...throne, whom: whom() });
    const targets = cornersHostileTo(variant);
    const corners = t(`capturing.corners_${targets}`, { squares: squares.all });
    if (!allWhenEmpty) return t('capturing.cornersThenThrone', { ...throne, corners, whom: whom() });
    return targets === 'anyone'
      ? t('capturing.cornersAndEmptyThrone', { ...throne, corners })
      : t('capturing.cornersThenEmptyThrone', { ...throne, corners });
  }

  function kingCapture(): string[] {
    const { onThrone, besideThrone, elsewhere, edge } = variant.kingCapture;
    const throneCounts = throneHostileTo.king === 'when-empty';
    // With edge escape the king never stands on the edge while the game goes on: reaching it wins.
    const corners = !edgeEscape;
    const edgeRule = !corners
      ? []
      : [t(edge === 'protects' ? 'kingCapture.edgeProtects' : 'kingCapture.edgeHostile')];
    if (onThrone === 'surround' && besideThrone === 'surround' && elsewhere === 'surround' && throneCounts) {
      return [
        corners
          ? t('kingCapture.surround', { ...throne, squares: squares.all })
          : t('kingCapture.surroundNoCorners', throne),
        ...edgeRule,
      ];
    }
    const sentences = [
      t(onThrone === 'surround' ? 'kingCapture.onThroneFour' : 'kingCapture.onThroneTwo', throne),
    ];
    if (besideThrone === 'surround')
      sentences.push(t(throneCounts ? 'kingCapture.besideThree' : 'kingCapture.besideSafe', throne));
    const custodialBeside = besideThrone === 'custodial';
    // What stands in for an attacker, and what never counts, when he is captured like any piece.
    const standIns = [
      ...(corners ? [t('kingCapture.cornerForAttacker', { one: squares.one })] : []),
      ...(custodialBeside && throneCounts ? [t('kingCapture.throneForAttacker', throne)] : []),
      ...(corners && custodialBeside && !throneCounts
        ? [t('kingCapture.neitherCounts', throne)]
        : corners
          ? [t('kingCapture.edgeNeverCounts')]
          : custodialBeside && !throneCounts
            ? [t('kingCapture.throneNeverCounts', throne)]
            : []),
    ];
    if (elsewhere === 'custodial') {
      sentences.push(
        custodialBeside
          ? t(
              corners ? 'kingCapture.custodialElsewhereBesideEdge' : 'kingCapture.custodialElsewhereBeside',
              throne,
            )
          : t(corners ? 'kingCapture.custodialElsewhereEdge' : 'kingCapture.custodialElsewhere'),
        ...standIns,
      );
    } else {
      if (custodialBeside) sentences.push(t('kingCapture.custodialBeside'), ...standIns);
      sentences.push(
        corners
          ? t('kingCapture.elsewhereFourOrCorner', { one: squares.one })
          : t('kingCapture.elsewhereFour'),
        ...edgeRule,
      );
    }
    return sentences;
  }
}

function throneAgainst({ attackers, defenders, king }: Hostility): ThroneAgainst {
  const word = (hostile: 'always' | 'when-empty' | 'never') =>
    hostile === 'when-empty' ? 'whenEmpty' : hostile;
  // Never asked for all three "when empty": that is said as the empty throne counting against anyone.
  return `${word(attackers)}_${word(defenders)}_${word(king)}` as ThroneAgainst;
}
