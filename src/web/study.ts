/**
 * What the page is shown when a member looks back at a position or studies a finished game: a
 * position of the game (any ply, and for a finished game, moves played on from it: the analysis
 * board), the game with its review (the plot's winning chances and the worst moves), and the AI's
 * view of a position. Pure: games in, plain JSON out; every rule is the engine's.
 */
import type { AiMove } from '../ai/index.ts';
import { isDecisive } from '../ai/scores.ts';
import type { GameReview } from '../analysis/review.ts';
import { defendersChance, scaleFor } from '../analysis/win-chance.ts';
import { type Player, sideOf } from '../core/players.ts';
import { Game, type PieceKind, type Side, type SpecialSquares } from '../engine/index.ts';
import { failureText, type Messages, resultText } from '../i18n/index.ts';
import { type StudyLabels, studyLabels, webMessagesFor } from '../i18n/web.ts';
import { threatTexts } from './board-state.ts';

/** Moves played on from a position, at most: an analysis line, not a second game. */
export const MOST_LINE_PLIES = 200;

export interface PositionState {
  gameId: string;
  /** Plies of the game's own moves up to this position. */
  ply: number;
  /** Moves played on from there (the analysis board), as the engine took them. */
  line: string[];
  variantName: string;
  size: number;
  drawnOn: 'points' | 'squares';
  board: (PieceKind | null)[][];
  special: SpecialSquares;
  turn: Side;
  lastMove: { from: string; to: string; captured: string[] } | null;
  /** The king's threats, in the viewer's language (empty when none). */
  threats: string[];
  /** The side to move's legal moves where the viewer may play on; else empty. */
  legal: Record<string, string[]>;
  /** Who is to move, or how the position's game ended. */
  situation: string;
  over: boolean;
}

export type Refused = { ok: false; error: string };
export type Built<T> = { ok: true; value: T } | Refused;

/**
 * The game's position after `ply` of its moves and then `line`, each checked by the engine; a
 * line only where `playOn` (a finished game: playing on in a game still played would be help).
 */
export function replayTo(
  m: Messages,
  game: Game,
  ply: number,
  line: readonly string[],
  playOn: boolean,
): Built<Game> {
  const words = webMessagesFor(m.language);
  const history = game.history();
  if (!Number.isInteger(ply) || ply < 0 || ply > history.length)
    return { ok: false, error: words.noSuchPly({ ply, plies: history.length }) };
  if (line.length > 0 && !playOn) return { ok: false, error: words.playOnAfterTheGame };
  if (line.length > MOST_LINE_PLIES)
    return { ok: false, error: words.lineTooLong({ most: MOST_LINE_PLIES }) };
  const position = new Game({
    variant: game.variant,
    position: game.setup.position,
    sideToMove: game.setup.sideToMove,
  });
  const refused = position.replay(history.slice(0, ply));
  if (refused) return { ok: false, error: failureText(m, refused.refusal) };
  // The game's own end off the board (a resignation, a loss on time) stands at its last position.
  if (ply === history.length && line.length === 0 && game.result && !position.result)
    position.endBy(game.result.winner, game.result.reason);
  for (const move of line) {
    const attempt = position.tryPlay(move);
    if (!attempt.ok) return { ok: false, error: `${move}: ${failureText(m, attempt.refusal)}` };
  }
  return { ok: true, value: position };
}

/** What the page draws of `position` (from replayTo), with its legal moves where the viewer may play on. */
export function positionState(
  m: Messages,
  gameId: string,
  at: { ply: number; line: readonly string[] },
  position: Game,
  playOn: boolean,
): PositionState {
  const words = webMessagesFor(m.language);
  const snapshot = position.snapshot();
  const legal: Record<string, string[]> = {};
  if (playOn)
    for (const move of position.legalMoves()) legal[move.from] = [...(legal[move.from] ?? []), move.to];
  const result = position.result;
  const how = result && resultText(m, result, position.variant.end.repetition, position.turn);
  return {
    gameId,
    ply: at.ply,
    line: [...at.line],
    variantName: m.variantName(position.variant),
    size: snapshot.size,
    drawnOn: snapshot.drawnOn,
    board: snapshot.board,
    special: snapshot.special,
    turn: position.turn,
    lastMove: snapshot.lastMove,
    threats: threatTexts(m, snapshot.threats),
    legal,
    situation:
      result && how
        ? result.winner
          ? words.sideWon({ side: words.side(result.winner), how })
          : words.drawn({ how })
        : words.sideToMove({ side: words.side(position.turn) }),
    over: result !== null,
  };
}

export interface ReviewShown {
  /** The defenders' winning chance (percent) before the first move and after each ply. */
  chances: number[];
  /** Each side's worst moves, worst first. */
  worst: {
    ply: number;
    side: Side;
    notation: string;
    better: string | null;
    verdict: string;
    blunder: boolean;
  }[];
  /** Each side's accuracy (percent), where the review has it. */
  accuracy: Record<Side, number | null>;
}

export interface StudyState {
  gameId: string;
  variantName: string;
  players: Record<Side, { name: string }>;
  moves: string[];
  /** How the game ended. */
  situation: string;
  you: Side | null;
  review: ReviewShown | null;
  labels: StudyLabels;
}

/** A finished game to study: its moves, how it ended and its review (null until /analyze made one). */
export function studyState(
  m: Messages,
  study: { gameId: string; game: Game; players: Record<Side, Player>; situation: string },
  review: GameReview | null,
  viewerId: string,
): StudyState {
  const { game, players } = study;
  const words = webMessagesFor(m.language);
  const you = sideOf(players, viewerId);
  const shown = review ? reviewShown(m, review, game) : null;
  return {
    gameId: study.gameId,
    variantName: m.variantName(game.variant),
    players: { attackers: { name: players.attackers.name }, defenders: { name: players.defenders.name } },
    moves: game.history().map((move) => move.notation),
    situation: study.situation,
    you,
    review: shown,
    labels: studyLabels(words, players, shown?.accuracy ?? null),
  };
}

function reviewShown(m: Messages, review: GameReview, game: Game): ReviewShown {
  const scale = review.winChanceScale ?? scaleFor(game.variant);
  const chance = (score: number) => Math.round(defendersChance(score, scale) * 10) / 10;
  const worst = [...review.worst.attackers, ...review.worst.defenders]
    .sort((a, b) => a.ply - b.ply)
    .map((move) => ({
      ply: move.ply,
      side: move.side,
      notation: move.notation,
      better: move.better,
      // The worst moves are mistakes and blunders only.
      verdict: move.verdict === 'blunder' ? m.plot.blunder : m.plot.mistake,
      blunder: move.verdict === 'blunder',
    }));
  return {
    chances: [chance(review.evalStart), ...review.moves.map((move) => chance(move.evalAfter))],
    worst,
    accuracy: {
      attackers: review.accuracy?.attackers?.accuracy ?? null,
      defenders: review.accuracy?.defenders?.accuracy ?? null,
    },
  };
}

export interface AiView {
  /** The defenders' winning chance (percent), or 0/100 where the AI sees a forced result. */
  chance: number;
  depth: number;
  /** The moves the AI expects, its best first. */
  line: string[];
  /** The AI's view in the viewer's language. */
  text: string;
}

/** What the AI's search says of a position, in the viewer's words. */
export function aiView(m: Messages, game: Game, thought: AiMove): AiView {
  const words = webMessagesFor(m.language);
  const toMove = game.turn;
  const forDefenders = toMove === 'defenders' ? thought.score : -thought.score;
  const forced = isDecisive(thought.score);
  const chance = forced
    ? forDefenders > 0
      ? 100
      : 0
    : Math.round(defendersChance(forDefenders, scaleFor(game.variant)));
  const ahead: Side = forDefenders >= 0 ? 'defenders' : 'attackers';
  const text = forced
    ? words.aiForced({ side: words.side(ahead) })
    : words.aiChance({ side: words.side('defenders'), chance, depth: thought.depth });
  return { chance, depth: thought.depth, line: thought.line, text };
}
