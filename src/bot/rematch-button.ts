/**
 * The Rematch button under a finished game: its custom id, made and read here and nowhere else.
 * It carries only the finished game's id (`challenge:rematch:<game id>`, well within Discord's 100
 * characters): the rematch's settings (variant, time per move, match, the AI's level) are read
 * from the game's archive, so they cannot be forged in the id, and a button posted before the
 * settings were kept still works. The `challenge:` prefix routes it to commands/challenge.ts.
 */

const PREFIX = 'challenge:rematch:';
const REMATCH = /^challenge:rematch:([\w-]{1,64})$/;

export function rematchButtonId(gameId: string): string {
  return `${PREFIX}${gameId}`;
}

/** The finished game a Rematch button names, or null when the id is not a Rematch button's. */
export function parseRematchButton(customId: string): { gameId: string } | null {
  const match = REMATCH.exec(customId);
  return match ? { gameId: match[1] } : null;
}
