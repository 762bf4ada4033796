/**
 * The game a host program's rules string sets up, for the OpenTafl engine protocol: read exactly
 * as `/variant add` reads a server's rules string (src/game/server-variants.ts), so that any rule
 * set a server can play, the engine plays too, by the very same record. Nothing is matched to the
 * nearest built-in variant: a string that differs from every built-in in one rule (the king taken
 * by two on his throne, the edge an escape on 7x7, a repetition the defenders win) is played by
 * that rule. What cannot be played is refused with the reason, in English, for the host to show.
 */
import {
  decidedStart,
  Game,
  OpenTaflRulesError,
  parseOpenTaflRules,
  type ServerVariantId,
  serverVariant,
  writeOpenTaflRules,
} from '../engine/index.ts';

/** The id the host's rule set goes by: a server variant's, as the engine only uses it to name the rules. */
export const HOST_VARIANT_ID: ServerVariantId = 'server:opentafl-host';

export type HostRules = { ok: true; game: Game } | { ok: false; reason: string };

/**
 * The game at the start of the rule set `rules` describes, or why it cannot be played. The steps
 * are `/variant add`'s: the string is read, written back as this bot writes rules strings, read
 * again as a server variant is (record.ts's `serverVariant`), and a start with nothing to play is
 * refused.
 */
export function gameForRules(rules: string): HostRules {
  let written: string;
  try {
    written = writeOpenTaflRules(parseOpenTaflRules(rules));
  } catch (error) {
    if (error instanceof OpenTaflRulesError) return { ok: false, reason: refusalText(error) };
    throw error;
  }
  const variant = serverVariant(HOST_VARIANT_ID, written);
  const decided = decidedStart({ variant });
  if (decided)
    return {
      ok: false,
      reason: `the game would be over before its first move (${decided.reason}, the ${decided.sideToMove} to move)`,
    };
  return { ok: true, game: new Game({ variant }) };
}

/**
 * A refused rules string's reason on one line: the reader's code and the entry it refused, with
 * what it expected. (The bot words these for members from its catalogues; the protocol's host
 * shows the text as it is, so it stays plain English here.)
 */
export function refusalText(error: OpenTaflRulesError): string {
  const { key, value, expected, min, max, otherKey, otherValue, entry, detail } = error.params;
  const parts = [`cannot play these rules: ${error.code.replaceAll('-', ' ')}`];
  if (key !== undefined) parts.push(`${key}:${value ?? ''}`);
  if (otherKey !== undefined) parts.push(`with ${otherKey}:${otherValue ?? ''}`);
  if (entry !== undefined) parts.push(`"${entry}"`);
  if (expected !== undefined) parts.push(`(expected ${expected})`);
  if (min !== undefined && max !== undefined) parts.push(`(from ${min} to ${max})`);
  const text = parts.join(' ') + (detail !== undefined ? `: ${detail}` : '');
  return text.replace(/\s+/g, ' ');
}
