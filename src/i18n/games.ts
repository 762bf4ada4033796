/** The words of /games and of casual games: the catalogue's `games` namespace. */
import { catalogueLanguage } from './locales.ts';
import { i18n } from './resources.ts';

export function gamesMessages(language: string) {
  const t = i18n.getFixedT(language, 'games');
  return {
    /** A challenge's term, listed with its others: "casual, not rated". */
    casual: t('casual'),
    /** Said under the first board of a casual game. */
    casualGame: t('casualGame'),
    /** A casual game's variant in a list of games: "Brandubh (casual)". */
    casualVariant: (p: { variant: string }) => t('casualVariant', p),
    title: t('title'),
    memberTitle: (p: { name: string }) => t('memberTitle', p),
    noGames: t('noGames'),
    noMemberGames: (p: { name: string }) => t('noMemberGames', p),
    challengesField: t('challengesField'),
    challengeLine: (p: { challenger: string; opponent: string; variant: string; expires: string }) =>
      t('challengeLine', p),
    /** A jump link's words: to a game, to a challenge. */
    jump: t('jump'),
    jumpChallenge: t('jumpChallenge'),
    /** The footer: "Page 2 of 6 · 60 games". */
    page: (p: { page: number; pages: number; games: number }) =>
      t('page', { page: p.page, pages: p.pages, games: t('games', { count: p.games }) }),
    /** Games past what one listing reads. */
    unread: (count: number) => t('unread', { count }),
    previous: t('previous'),
    next: t('next'),
    mineAndMember: t('mineAndMember'),
  };
}

export type GamesMessages = ReturnType<typeof gamesMessages>;

const cached = new Map<string, GamesMessages>();

/** The words of /games for a Discord locale or a catalogue's language; English when it has none. */
export function gamesMessagesFor(locale: string | null | undefined): GamesMessages {
  const language = catalogueLanguage(locale);
  let messages = cached.get(language);
  if (!messages) {
    messages = gamesMessages(language);
    cached.set(language, messages);
  }
  return messages;
}
