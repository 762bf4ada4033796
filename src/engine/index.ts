/** The rules engine's public API. Pure: no I/O, no Discord, no store. */
export { type DecidedStart, type DecidedStartReason, decidedStart } from './decided-start.ts';
export { Game, type GameSetup, IllegalMoveError, type LegalMove, type PlayAttempt, SIDES } from './game.ts';
export { type MatchGame, type MatchReason, type MatchScore, scoreMatch } from './match.ts';
export { NotationError } from './notation.ts';
export {
  houseVariant,
  OPENTAFL_KEYS,
  type OpenTaflKey,
  OpenTaflRulesError,
  type OpenTaflRulesErrorCode,
  type OpenTaflRulesParams,
  parseOpenTaflRules,
  type RulesRecord,
  rulesEntries,
  writeOpenTaflRules,
} from './opentafl-rules.ts';
export {
  GameRecordError,
  loadGame,
  openTaflRecord,
  RECORD_VERSION,
  type RecordTags,
  rulesString,
  serializeGame,
  serverVariant,
} from './record.ts';
export { otherSide } from './sides.ts';
export { attackersNeededToWin, couldStillWin } from './time-out.ts';
export type * from './types.ts';
export type { Refusal, RefusalCode, RefusalParams } from './validation.ts';
export {
  getVariant,
  isServerVariantId,
  isVariantId,
  type Variant,
  variantIds,
  variants,
} from './variants.ts';
