/** Accuracy's words (/analyze's accuracy and counts, /standings' average): the catalogue's `accuracy` namespace. */
import type { Side } from '../engine/index.ts';
import { i18n } from './resources.ts';

export function accuracyMessages(language: string) {
  const t = i18n.getFixedT(language, 'accuracy');
  // Numbers as the language writes them: 87.5, 87,5.
  const tenths = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  return {
    /** "Ana, attackers": who played a side. */
    player: (p: { side: Side; name: string }) => t('player', { context: p.side, name: p.name }),
    accuracy: (p: { accuracy: number }) => t('accuracy', { accuracy: tenths.format(p.accuracy) }),
    inaccuracies: (count: number) => t('inaccuracies', { count }),
    mistakes: (count: number) => t('mistakes', { count }),
    blunders: (count: number) => t('blunders', { count }),
    noMoves: t('noMoves'),
    /** The winning chance a move gave away, as a swing: "−23%". */
    chanceLost: (p: { lost: number }) => t('chanceLost', { lost: whole.format(p.lost) }),
    none: (p: { mistake: number }) => t('none', p),
    footer: (p: { ms: number; inaccuracy: number; mistake: number; blunder: number }) => t('footer', p),
    average: (p: { average: number; games: number }) =>
      t('average', { average: tenths.format(p.average), count: p.games }),
  };
}

export type AccuracyMessages = ReturnType<typeof accuracyMessages>;
