/**
 * The engine's second face: the fast core, for the AI, perft and benchmarks. A board in a typed
 * array with a border of OFF cells, moves as integers, make and unmake, an incremental hash, and
 * the capture and end rules that work on it, and the bridge from a Game to it (position-of.ts).
 * Everything else speaks to the engine through the Game API in index.ts; the linter keeps every
 * other import behind one of the two.
 */
export { captureAround, closesAgainstKing, closesPincer, helpsCapture, kingCapturedBy } from './capture.ts';
export { escapeLines } from './escape.ts';
export { readPosition, readSquare, squareName } from './notation.ts';
export { DRAW, defendersEnclosed, inExitFort, judge, type Verdict } from './outcome.ts';
export { perft, startingPosition, startingPositionOf } from './perft.ts';
export {
  encodeMove,
  KING_CAPTURED,
  KING_ESCAPED,
  moveBufferSize,
  moveFrom,
  moveTo,
  ONGOING,
  Position,
} from './position.ts';
export { makeMove, positionFrom, positionOf } from './position-of.ts';
export * from './rules.ts';
