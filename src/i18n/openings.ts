/** The opening explorer's words (commands/openings.ts): the catalogue's `openings` namespace. */
import type { Side } from '../engine/index.ts';
import { i18n } from './resources.ts';

export interface Results {
  attackers: number;
  draws: number;
  defenders: number;
}

export function openingMessages(language: string) {
  const t = i18n.getFixedT(language, 'openings');
  return {
    title: (p: { variant: string }) => t('title', p),
    start: t('start'),
    after: (p: { moves: string }) => t('after', p),
    toMove: (side: Side): string => t('toMove', { context: side }),
    reached: (p: Results & { games: number }) => t('reached', { ...p, count: p.games }),
    columns: { move: t('columnMove'), games: t('columnGames'), results: t('columnResults') },
    more: (p: { moves: number; games: number }) => t('more', { count: p.moves, games: p.games }),
    noGamesHere: t('noGamesHere'),
    noGamesInVariant: (p: { variant: string }) => t('noGamesInVariant', p),
    deepest: (p: { max: number }) => t('deepest', p),
    ended: t('ended'),
    endedHere: (p: { games: number }) => t('endedHere', { count: p.games }),
    howCounted: (p: { max: number }) => t('howCounted', p),
    back: t('back'),
    toStart: t('toStart'),
    captionNote: t('captionNote'),
    captionWins: (p: { wins: number; games: number }) => t('captionWins', { wins: p.wins, count: p.games }),
    tooDeep: (p: { max: number }) => t('tooDeep', p),
    illegalMove: (p: { ply: number; move: string; reason: string }) => t('illegalMove', p),
    staleButton: t('staleButton'),
  };
}

export type OpeningMessages = ReturnType<typeof openingMessages>;
