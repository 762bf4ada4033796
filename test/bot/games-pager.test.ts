/** The Previous and Next buttons of /games: ids made and read by the one codec, forged ids refused, pages cut by size. */
import { describe, expect, it } from 'vitest';
import { customId, type GamesScope, readCustomIdOf } from '../../src/bot/custom-ids.ts';
import { GAMES_PER_PAGE, pagesOf } from '../../src/bot/views/game-list.ts';

const gamesPageButtonId = (page: number, scope: GamesScope) => customId({ kind: 'games-page', page, scope });
const parseGamesPageButton = (id: string) => {
  const pressed = readCustomIdOf(id, 'games-page');
  return pressed && { page: pressed.page, scope: pressed.scope };
};

describe('the /games page buttons', () => {
  it('read back the page and whose games they name', () => {
    const member = { kind: 'member', memberId: '123456789012345678' } as const;
    expect(parseGamesPageButton(gamesPageButtonId(3, { kind: 'server' }))).toEqual({
      page: 3,
      scope: { kind: 'server' },
    });
    expect(parseGamesPageButton(gamesPageButtonId(0, member))).toEqual({ page: 0, scope: member });
    expect(gamesPageButtonId(9999, member).length).toBeLessThanOrEqual(100);
  });

  it('refuse ids that are not theirs', () => {
    for (const id of [
      'games:1',
      'games:-1:all',
      'games:1:everyone',
      'games:12345:all',
      'challenge:accept:x',
      'games:1:all:x',
    ])
      expect(parseGamesPageButton(id), id).toBeNull();
  });
});

describe('pages of a list', () => {
  it('as many lines as fit in the room, at most a page’s worth, in order, none lost', () => {
    const lines = Array.from({ length: 25 }, (_, i) => `${i}`.padEnd(i % 2 === 0 ? 90 : 10, '.'));
    const pages = pagesOf(lines, 300);
    expect(pages.flat()).toEqual(lines);
    for (const page of pages) {
      expect(page.join('\n').length).toBeLessThanOrEqual(300);
      expect(page.length).toBeLessThanOrEqual(GAMES_PER_PAGE);
    }
    expect(pagesOf(Array(25).fill('x'), 4096).map((page) => page.length)).toEqual([10, 10, 5]);
    expect(pagesOf([], 100)).toEqual([[]]);
  });
});
