/** Members' own mistakes as puzzles (src/puzzles/personal*.ts, /puzzle mine): the catalogue's `practice` namespace. */
import type { Allowed } from '../analysis/answer-rating.ts';
import type { Side } from '../engine/index.ts';
import type { PersonalFailureCode } from '../puzzles/failures.ts';
import { i18n } from './resources.ts';

/** The practice's refusals that name nothing: the service's, and the bot's for a game gone and for too many answers at once. */
export type PracticeRefusal =
  | Exclude<PersonalFailureCode, 'nothing-due' | 'not-a-player'>
  | 'game-gone'
  | 'busy'
  | 'waiting';

const REFUSALS: readonly PracticeRefusal[] = [
  'no-mistakes',
  'no-personal-puzzles',
  'no-personal-open',
  'personal-answered',
  'game-gone',
  'busy',
  'waiting',
];

export function practiceMessages(language: string) {
  const t = i18n.getFixedT(language, 'practice');
  return {
    button: t('button'),
    title: (p: { variant: string; gameId: string; move: number }) => t('title', p),
    goal: (p: { side: Side }): string =>
      t('goal', { context: p.side === 'attackers' ? 'attackers' : 'defenders' }),
    inTheGame: (p: { move: string; verdict: 'mistake' | 'blunder' }): string =>
      t('inTheGame', { move: p.move, context: p.verdict === 'blunder' ? 'blunder' : 'mistake' }),
    howToAnswer: t('howToAnswer'),
    added: (p: { count: number }) => (p.count > 0 ? t('added', p) : t('alreadyAdded')),
    due: (p: { count: number }) => t('due', p),
    solved: (p: { move: string; best: string }) =>
      p.move === p.best ? t('solvedBest', p) : t('solvedNear', p),
    failed: (p: { move: string; best: string; shortfall: string }) => t('failed', p),
    /** What the game's move allowed: "In the game, **c1-c2** allowed **e1-a1**: the king escapes." */
    allowed: (p: { allowed: Allowed; side: Side; played: string; line: string }): string => {
      const { allowed, played, line } = p;
      // Optional chaining: test/i18n calls every message with one sample, which names no `allowed`.
      switch (allowed?.kind) {
        case 'pieces-lost':
          return t('allowed.pieces-lost', {
            played,
            line,
            count: allowed.squares.length,
            squares: allowed.squares.join(', '),
          });
        case 'king-threatened':
          return t('allowed.king-threatened', {
            played,
            line,
            context: p.side === 'attackers' ? 'attackers' : 'defenders',
          });
        case 'king-escapes':
        case 'king-captured':
        case 'game-lost':
          return t(`allowed.${allowed.kind}`, { played, line });
        default:
          return t('allowed.worse', { played, line });
      }
    },
    again: (p: { days: number; date: string }) => t('again', { count: p.days, date: p.date }),
    retired: t('retired'),
    moreDue: (p: { count: number }) => t('moreDue', p),
    you: t('you'),
    opponent: t('opponent'),
    note: (p: { gameId: string }) => t('note', p),
    nothingDue: (p: { date: string }) => t('failures.nothing-due', p),
    notAPlayer: (p: { attackers: string; defenders: string }) => t('failures.not-a-player', p),
    /** The refusals that name nothing. */
    refusals: Object.fromEntries(REFUSALS.map((code) => [code, t(`failures.${code}`)])) as Record<
      PracticeRefusal,
      string
    >,
  };
}
