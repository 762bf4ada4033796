/**
 * The Previous and Next buttons under /games: their custom ids, made and read here and nowhere
 * else. An id names the page to show and whose games (`games:<page>:all` for the server's,
 * `games:<page>:<member id>` for one member's), well within Discord's 100 characters; the list is
 * read again at each press, so a button never shows a game that has ended since.
 */

/** Whose games a list shows: the whole server's, or one member's. */
export type GamesScope = { kind: 'server' } | { kind: 'member'; memberId: string };

const PAGE = /^games:(\d{1,4}):(all|\d{1,20})$/;

export function gamesPageButtonId(page: number, scope: GamesScope): string {
  return `games:${page}:${scope.kind === 'server' ? 'all' : scope.memberId}`;
}

/** The page and scope a /games button names, or null when the id is not one of theirs. */
export function parseGamesPageButton(customId: string): { page: number; scope: GamesScope } | null {
  const match = PAGE.exec(customId);
  if (!match) return null;
  const scope: GamesScope = match[2] === 'all' ? { kind: 'server' } : { kind: 'member', memberId: match[2] };
  return { page: Number(match[1]), scope };
}
