/** Puzzles' words (src/puzzles, commands/puzzle.ts): the catalogue's `puzzles` namespace. */
import type { Side } from '../engine/index.ts';
import type { PuzzleFailureCode } from '../puzzles/failures.ts';
import { i18n } from './resources.ts';

type Params = Readonly<Record<string, string | number | undefined>>;

const FAILURES: readonly PuzzleFailureCode[] = [
  'no-puzzles',
  'no-puzzles-for-variant',
  'no-puzzle-open',
  'puzzle-changed',
  'busy',
  'bad-hour',
  'no-daily-setup',
  'store-unavailable',
  'store-silent',
];

export function puzzleMessages(language: string) {
  const t = i18n.getFixedT(language, 'puzzles');
  const days = (count: number) => t('units.days', { count });
  return {
    /** What the solver is to find: "Defenders to move: the king escapes in 2." */
    goal: (p: { side: Side; theme: 'escape' | 'king-capture' | 'material'; moves: number }): string =>
      t(`goal.${p.theme}`, { context: p.side, moves: p.moves }),
    title: (p: { id: string; rating: number; variant: string }) => t('title', p),
    howToAnswer: t('howToAnswer'),
    setAside: (p: { id: string }) => t('setAside', p),
    you: t('you'),
    bot: t('bot'),
    note: (p: { id: string }) => t('note', p),
    played: (p: { move: string }) => t('played', p),
    defended: (p: { move: string }) => t('defended', p),
    solved: (p: { id: string }) => t('solved', p),
    solvedWithHint: t('solvedWithHint'),
    failed: (p: { move: string; winning: string }) => t('failed', p),
    solution: (p: { line: string }) => t('solution', p),
    ratingChange: (p: { before: number; after: number }) => t('ratingChange', p),
    hint: (p: { square: string }) => t('hint', p),
    dailyTitle: (p: { day: string; id: string; rating: number; variant: string }) => t('dailyTitle', p),
    dailyHowTo: t('dailyHowTo'),
    solvers: (p: { names: string }) => t('solvers', p),
    noSolvers: t('noSolvers'),
    firstMark: t('firstMark'),
    hintMark: t('hintMark'),
    serverStreak: (p: { days: number }) => t('serverStreak', { count: p.days }),
    yourDaily: (p: { status: 'new' | 'open' | 'solved' | 'failed' }): string => t(`yourDaily.${p.status}`),
    dailySolvedBy: (p: { name: string; first: boolean; streak: number }) =>
      t(p.first ? 'dailySolvedByFirst' : 'dailySolvedBy', { name: p.name, count: p.streak }),
    yourStreak: (p: { days: number }) => t('yourStreak', { count: p.days }),
    setupDone: (p: { channelId: string; hour: number; variant: string; next: string }) =>
      t('setupDone', { ...p, hour: String(p.hour).padStart(2, '0') }),
    stopped: (p: { channelId: string }) => t('stopped', p),
    needsManageServer: t('needsManageServer'),
    cannotPostThere: (p: { channelId: string }) => t('cannotPostThere', p),
    notATextChannel: t('notATextChannel'),
    tableTitle: t('tableTitle'),
    noSolvesYet: t('noSolvesYet'),
    tableHead: t('tableHead'),
    tableFooter: (p: { streak: number; best: number }) =>
      t('tableFooter', { streak: days(p.streak), best: days(p.best) }),
    failures: Object.fromEntries(
      FAILURES.map((code) => [code, (p: Params = {}) => t(`failures.${code}`, p)]),
    ) as Record<PuzzleFailureCode, (p?: Params) => string>,
  };
}
