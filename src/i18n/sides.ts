/** The words of ratings per side and the side balance (commands/standings.ts): the catalogue's `sides` namespace. */
import type { Side } from '../engine/index.ts';
import { catalogueLanguage } from './locales.ts';
import { i18n } from './resources.ts';

export function sideMessages(language: string) {
  const t = i18n.getFixedT(language, 'sides');
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return {
    /** The table's scope with the side it is ranked by: "Fetlar, ranked as attackers". */
    scope: (p: { scope: string; side: Side }): string => t('scope', { scope: p.scope, context: p.side }),
    footer: (side: Side): string => t('footer', { context: side }),
    needsVariant: t('needsVariant'),
    notWithMember: t('notWithMember'),
    ratingsTitle: t('ratingsTitle'),
    ratingsLine: (p: { variant: string; overall: string; attackers: string; defenders: string }) =>
      t('ratingsLine', p),
    unrated: t('unrated'),
    balanceTitle: t('balanceTitle'),
    balanceLine: (p: {
      variant: string;
      attackers: number;
      defenders: number;
      draws: number;
      plies: number;
    }) =>
      t('balanceLine', {
        variant: p.variant,
        attackers: p.attackers,
        defenders: p.defenders,
        draws: p.draws,
        length: t('plies', { count: p.plies, value: numbers.format(p.plies) }),
      }),
  };
}

export type SideMessages = ReturnType<typeof sideMessages>;

const cached = new Map<string, SideMessages>();

/** The side words for a Discord locale, or English when it has no catalogue. */
export function sideMessagesFor(locale: string | null | undefined): SideMessages {
  const language = catalogueLanguage(locale);
  let messages = cached.get(language);
  if (!messages) {
    messages = sideMessages(language);
    cached.set(language, messages);
  }
  return messages;
}
