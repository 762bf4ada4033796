/**
 * What every module's operation answers: its value, or a refusal by a stable code with the
 * particulars to tell it by. Each module names its own codes (game/failures.ts,
 * tournament/failures.ts, puzzles/types.ts, ...); the words are the catalogues' (src/i18n).
 */

/** The particulars of a refusal, for telling it in the member's language. */
export type FailureParams = Readonly<Record<string, string | number | undefined>>;

export type Failure<Code extends string = string> = { ok: false; code: Code; params: FailureParams };
export type Outcome<T, Code extends string = string> = { ok: true; value: T } | Failure<Code>;

/**
 * The store did not answer: nothing was changed (`store-unavailable`), or a commit went out and
 * no answer came back, so it may have been (`store-silent`). Every module that writes has both.
 */
export type StoreFailureCode = 'store-unavailable' | 'store-silent';

export const success = <T, Code extends string = never>(value: T): Outcome<T, Code> => ({ ok: true, value });

export const failure = <Code extends string>(code: Code, params: FailureParams = {}): Failure<Code> => ({
  ok: false,
  code,
  params,
});
