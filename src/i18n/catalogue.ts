/**
 * Everything the bot says, in one language: the words are the catalogue's (locales/<language>/*.json),
 * this layer only picks the key for a case (a side, a reason, a count) and hands over the particulars.
 * It is the same for every language, so a new language is JSON alone. Names arrive already made
 * safe for Discord by the caller.
 */
import { BLUNDER, INACCURACY, MISTAKE } from '../analysis/accuracy.ts';
import type { MoveEffect } from '../analysis/suggestions.ts';
import { isFischerTimeControl, type TimeControl } from '../core/time-controls.ts';
import type { GameResult, MatchReason, PieceKind, Side, VariantId } from '../engine/index.ts';
import { isVariantId, otherSide, variantIds } from '../engine/index.ts';
import { clockMessages } from './clock.ts';
import { failureMessages } from './failures.ts';
import { pickerMessages } from './picker.ts';
import { practiceMessages } from './practice.ts';
import { puzzleMessages } from './puzzles.ts';
import { remembered } from './remembered.ts';
import { i18n } from './resources.ts';
import { settingsMessages } from './settings.ts';
import { tournamentMessages } from './tournament.ts';

/** What a game's result text needs beyond the result itself. */
export interface ResultContext {
  /** The side to move when the game ended. */
  turn: Side;
  /** The variant's repetition count (2 or 3). */
  occurrence: number;
  /** Repetition loses for the defenders, whichever side made the repeating move. */
  repetitionLosesDefenders: boolean;
}

const SIDES: readonly Side[] = ['attackers', 'defenders'];
/** The end reasons a winning move's suggestion names; any other says it wins. */
const WINNING_REASONS = ['king-captured', 'king-escaped', 'exit-fort', 'enclosed'] as const;
/** What a suggested move does, by kind, when it needs no particulars. */
const PLAIN_EFFECTS = [
  'draws',
  'loses',
  'king-move',
  'blocks-escape',
  'threatens-king',
  'closes-in',
  'threatens-escape',
  'protects-king',
  'exposes-king',
] as const;

/** A text for each of `keys`, looked up once. */
const each = <K extends string>(keys: readonly K[], say: (key: K) => string) =>
  Object.fromEntries(keys.map((key) => [key, say(key)])) as Record<K, string>;

export function catalogue(language: string) {
  const t = i18n.getFixedT(language, 'messages');
  const clock = clockMessages(language);
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  const points = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  // /analyze's grades: the winning chance, in percentage points, a move gives away to be an
  // inaccuracy, a mistake, a blunder (said in /help).
  const grades = {
    inaccuracy: points.format(INACCURACY),
    mistake: points.format(MISTAKE),
    blunder: points.format(BLUNDER),
  };
  const ordinal = (occurrence: number) => t(occurrence === 2 ? 'ordinal.2' : 'ordinal.3');
  // What the pictures and /move's suggestions say most often is looked up once.
  const sides = each(SIDES, (side) => t(`side.${side}`));
  const turns = each(SIDES, (side) => t('captionTurn', { context: side }));
  const variantNames = each<VariantId>(variantIds, (id) => t(`variantNames.${id}`));
  const effects = {
    ...each(PLAIN_EFFECTS, (kind) => t(`effects.${kind}`)),
    ...each(WINNING_REASONS, (reason) => t(`effects.winsBy.${reason}`)),
    wins: t('effects.wins'),
  };
  const captures = remembered((squares: string[]) =>
    t('effects.captures', { squares: list.format(squares) }),
  );

  return {
    language,
    side: (side: Side): string => sides[side],
    /** A variant's name: the bot's own in the catalogue's words, a server's as its moderators wrote it. */
    variantName: (variant: { id: string; name: string }): string =>
      isVariantId(variant.id) ? variantNames[variant.id] : variant.name,
    timeControl: (time: TimeControl): string =>
      isFischerTimeControl(time) ? clock.control(time) : t(`timeControl.${time}`),

    // Refusals of the bot itself
    somethingWentWrong: t('somethingWentWrong'),
    /** After as many entries of a list as fit in a message. */
    andMore: (p: { number: number }) => t('andMore', { count: p.number }),
    answerNotShown: t('answerNotShown'),
    buttonNotOurs: t('buttonNotOurs'),
    buttonInvalid: t('buttonInvalid'),
    noGameRecorded: t('noGameRecorded'),
    noVariant: (p: { variant: string; choices: string }) => t('noVariant', p),
    badTime: t('badTime'),
    badSide: t('badSide'),
    badLevel: t('badLevel'),
    aiChannelBusy: t('aiChannelBusy'),
    levelOnlyAgainstBot: t('levelOnlyAgainstBot'),
    threadInThread: t('threadInThread'),
    noThreadsHere: t('noThreadsHere'),

    // Challenges
    challenge: (p: {
      opponentId: string;
      challenger: string;
      variant: string;
      terms: string;
      expires: string;
    }) => t('challenge', p),
    sidesAtRandom: t('sidesAtRandom'),
    challengerPlays: (p: { name: string; side: Side }) => t('challengerPlays', { ...p, context: p.side }),
    twoGameMatch: t('twoGameMatch'),
    inNewThread: t('inNewThread'),
    accept: t('accept'),
    decline: t('decline'),
    withdraw: t('withdraw'),
    challengeClosed: (p: { challenger: string; opponent: string; variant: string; why: string }) =>
      t('challengeClosed', p),
    challengeExpired: t('challengeExpired'),
    declined: (p: { name: string }) => t('declined', p),
    withdrew: (p: { name: string }) => t('withdrew', p),
    accepted: (p: { name: string }) => t('accepted', p),
    gameIsIn: (p: { channelId: string }) => t('gameIsIn', p),
    youPlayTheAi: (p: { side: Side; level: string }) => t('youPlayTheAi', { ...p, context: p.side }),
    aiMatch: t('aiMatch'),
    level: (level: 'easy' | 'normal' | 'hard'): string => t(`level.${level}`),

    // A game's messages
    gameTitle: (p: { variant: string; attackers: string; defenders: string }) => t('gameTitle', p),
    toMove: (p: { who: string; side: Side }) => t('toMove', { ...p, context: p.side }),
    deadline: (p: { when: string }) => t('deadline', p),
    moveNumber: (p: { title: string; number: number; situation: string }) => t('moveNumber', p),
    played: (p: { name: string; side: Side; move: string; captured: number }) =>
      p.captured === 0
        ? t('played', { ...p, context: p.side })
        : t('playedCapturing', { ...p, context: p.side, count: p.captured }),
    gameOver: (p: { result: string; verdict: string }) => t('gameOver', p),
    wins: (p: { name: string; side: Side }) => t('wins', { ...p, context: p.side }),
    drawn: t('drawn'),
    result(result: GameResult, { turn, occurrence, repetitionLosesDefenders }: ResultContext): string {
      const square = result.square ?? '';
      const loser = result.winner ? otherSide(result.winner) : turn;
      switch (result.reason) {
        case 'king-escaped':
          return t('result.kingEscaped', { square });
        case 'exit-fort':
          return t('result.exitFort', { square });
        case 'king-captured':
          return t('result.kingCaptured', { square });
        case 'enclosed':
          return t('result.enclosed');
        case 'repetition':
          if (result.winner && repetitionLosesDefenders)
            return t('result.repetitionLosesDefenders', { nth: ordinal(occurrence) });
          return result.winner
            ? t('result.repetitionLoses', { context: loser, nth: ordinal(occurrence) })
            : t('result.repetitionDraw', { nth: ordinal(occurrence) });
        case 'no-legal-move':
          return result.winner
            ? t('result.noLegalMoveLoses', { context: loser })
            : t('result.noLegalMoveDraw', { context: loser });
        case 'resignation':
          return t('result.resignation', { context: loser });
        case 'agreed-draw':
          return t('result.agreedDraw');
        case 'timeout':
          // A draw on time: the side that ran out is the side to move, its opponent could not win.
          return result.winner
            ? t('result.timeout', { context: loser })
            : `${t('result.timeout', { context: turn })} ${clock.cannotWin(otherSide(turn))}`;
      }
    },
    rematch: t('rematch'),

    // Matches
    matchLabel: (p: { game: number }) => t('matchLabel', p),
    firstGameOver: t('firstGameOver'),
    firstGameDrawn: t('firstGameDrawn'),
    wonFirstGame: (p: { name: string; moves: number }) => t('wonFirstGame', { ...p, count: p.moves }),
    takesTheMatch: (p: { name: string; why: string }) => t('takesTheMatch', p),
    matchDrawn: (p: { why: string }) => t('matchDrawn', p),
    matchReason(reason: MatchReason): string {
      switch (reason.kind) {
        case 'unfinished':
          return t('matchReason.unfinished', { nextGame: reason.nextGame });
        case 'both-drawn':
          return t('matchReason.bothDrawn');
        case 'only-decided-game':
          return t('matchReason.onlyDecidedGame', { winner: reason.winner });
        case 'both-games':
          return t('matchReason.bothGames', { winner: reason.winner });
        case 'equal-moves':
          return t('matchReason.equalMoves', { count: reason.moves });
        case 'fewer-moves':
          return t('matchReason.fewerMoves', {
            winner: reason.winner,
            count: reason.moves,
            other: reason.other,
            otherMoves: reason.otherMoves,
          });
      }
    },
    secondGame: (p: { title: string; situation: string }) => t('secondGame', p),

    // Draws, undo, clocks
    offersDraw: (p: { name: string; opponentId: string }) => t('offersDraw', p),
    acceptDraw: t('acceptDraw'),
    drawAgreed: t('drawAgreed'),
    gameAborted: (p: { name: string; attackers: string; defenders: string; moves: number }) =>
      t('gameAborted', { ...p, count: p.moves }),
    abortedFooter: t('abortedFooter'),
    asksUndo: (p: { name: string; move: string; opponentId: string }) => t('asksUndo', p),
    takeBack: t('takeBack'),
    undoDeclined: (p: { name: string }) => t('undoDeclined', p),
    takenBack: (p: { move: string }) => t('takenBack', p),
    reminder: (p: { playerId: string; deadline: string }) => t('reminder', p),

    // Records
    lastGameRecord: t('lastGameRecord'),
    abortedGameRecord: t('abortedGameRecord'),
    currentGameRecord: t('currentGameRecord'),
    earlierMoves: t('earlierMoves'),
    noMovesYet: t('noMovesYet'),
    sideToMove: (p: { side: Side }) => t('sideToMove', { context: p.side }),

    // Replays
    gameIdField: t('gameIdField'),
    gameIdNote: (p: { id: string }) => t('gameIdNote', p),
    replayReady: (p: {
      variant: string;
      attackers: string;
      defenders: string;
      first: number;
      last: number;
      moves: number;
      id: string;
    }) =>
      t('replayReady', {
        ...p,
        span:
          p.first === 1 && p.last === p.moves
            ? t('replaySpan.all', { count: p.moves })
            : t('replaySpan.excerpt', { first: p.first, last: p.last, moves: p.moves }),
      }),
    replayAbortedNote: t('replayAbortedNote'),
    replayInProgress: t('replayInProgress'),
    replayThinned: (p: { every: number }) => t('replayThinned', p),
    replayScaled: (p: { percent: number }) => t('replayScaled', p),
    replayNoMoves: t('replayNoMoves'),
    replayUnknownGame: (p: { id: string }) => t('replayUnknownGame', p),
    replayNotAMove: (p: { option: 'from' | 'to'; number: number }) =>
      t('replayNotAMove', { number: p.number, option: t(`replayOption.${p.option}`) }),
    replayBeyondEnd: (p: { option: 'from' | 'to'; number: number; moves: number }) =>
      t('replayBeyondEnd', { number: p.number, option: t(`replayOption.${p.option}`), count: p.moves }),
    replayFromAfterTo: (p: { from: number; to: number }) => t('replayFromAfterTo', p),
    replayBadSpeed: t('replayBadSpeed'),
    replayBusy: t('replayBusy'),

    // Standings
    perServer: t('perServer'),
    allVariants: t('allVariants'),
    standingsTitle: (p: { scope: string }) => t('standingsTitle', p),
    noFinishedGames: t('noFinishedGames'),
    noFinishedGamesStart: t('noFinishedGamesStart'),
    record: (p: { games: number; wins: number; losses: number; draws: number; points: number }) =>
      t('record', {
        ...p,
        games: t('units.games', { count: p.games }),
        points: t('units.points', { count: p.points }),
      }),
    againstEachOpponent: t('againstEachOpponent'),
    headToHead: (p: { name: string; wins: number; losses: number; draws: number }) => t('headToHead', p),
    ratedFooter: t('ratedFooter'),
    unratedFooter: t('unratedFooter'),
    /** The table's column heads, padded to the columns' widths. */
    tableHead: (rated: boolean): string => (rated ? t('tableHeadRated') : t('tableHead')),

    // Reviews (/analyze)
    analysisTitle: (p: { title: string }) => t('analysisTitle', p),
    analysing: (p: { done: number; total: number }) => t('analysing', p),
    analysisLive: t('analysisLive'),
    analysisNoGame: t('analysisNoGame'),
    analysisUnknownGame: (p: { id: string }) => t('analysisUnknownGame', p),
    analysisWaiting: t('analysisWaiting'),
    analysisBusy: t('analysisBusy'),
    analysisPlotsBusy: t('analysisPlotsBusy'),
    analysisWorst: (p: { side: Side }) => t('analysisWorst', { context: p.side }),
    analysisLine: (p: { move: number; notation: string; better: string; swing: string; blunder: boolean }) =>
      t(p.better ? 'analysisLineBetter' : 'analysisLine', {
        ...p,
        kind: t(p.blunder ? 'plot.blunder' : 'plot.mistake'),
      }),
    plot: {
      defendersAhead: t('plot.defendersAhead'),
      attackersAhead: t('plot.attackersAhead'),
      move: t('plot.move'),
      kingThreatened: t('plot.kingThreatened'),
      capture: t('plot.capture'),
      mistake: t('plot.mistake'),
      blunder: t('plot.blunder'),
    },

    // Help and rules
    helpTitle: t('helpTitle'),
    /** /help's paragraphs: `variants` goes in the last, /analyze's thresholds in the one on it. */
    help: (variants: string): string[] => [...t('help', { returnObjects: true, variants, ...grades })],
    variantFooter: (p: { variant: string }) => t('variantFooter', p),
    serverVariantRules: t('serverVariantRules'),
    addedBy: (p: { name: string }) => t('addedBy', p),

    // The server's own variants
    variantsTitle: t('variantsTitle'),
    builtInVariants: t('builtInVariants'),
    serverVariants: t('serverVariants'),
    noServerVariants: t('noServerVariants'),
    isDefault: t('isDefault'),
    variantLine: (p: { name: string; id: string; size: number }) => t('variantLine', p),
    variantAdded: (p: { name: string; id: string }) => t('variantAdded', p),
    variantRemoved: (p: { name: string }) => t('variantRemoved', p),
    variantDefaultSet: (p: { name: string }) => t('variantDefaultSet', p),
    variantNeedsManageServer: t('variantNeedsManageServer'),

    // The picture's caption
    captionMove: remembered((p: { number: number }) => t('captionMove', p)),
    captionTurn: (side: Side): string => turns[side],
    kingCanEscape: t('kingCanEscape'),
    kingCanBeCaptured: t('kingCanBeCaptured'),

    /** Autocomplete of /move: a piece that can move, and what a move does. */
    suggestions: {
      piece: remembered((p: { square: string; kind: PieceKind; moves: number }) =>
        t('suggestions.piece', { square: p.square, kind: t(`pieces.${p.kind}`), count: p.moves }),
      ),
      effect(effect: MoveEffect): string {
        switch (effect.kind) {
          case 'wins':
            return effects[effect.reason as (typeof WINNING_REASONS)[number]] ?? effects.wins;
          case 'captures':
            return captures(effect.squares);
          default:
            return effects[effect.kind];
        }
      },
    },

    ...failureMessages(language),
    tournament: tournamentMessages(language),
    puzzles: puzzleMessages(language),
    practice: practiceMessages(language),
    picker: pickerMessages(language),
    settings: settingsMessages(language),
    clock,
  };
}

export type Messages = ReturnType<typeof catalogue>;
