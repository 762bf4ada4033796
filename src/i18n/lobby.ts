/**
 * The words of open challenges, more time, vacations and playing outside a server: the catalogue's
 * `lobby` namespace.
 */
import type { RatingRange } from '../core/glicko2.ts';
import { catalogueLanguage } from './locales.ts';
import { i18n } from './resources.ts';

export function lobbyMessages(language: string) {
  const t = i18n.getFixedT(language, 'lobby');
  return {
    openChallenge: (p: { challenger: string; variant: string; terms: string; expires: string }) =>
      t('openChallenge', p),
    /** An open challenge's rating range as one of its terms, or null when it is open to everyone. */
    ratingRange: ({ min, max }: RatingRange): string | null =>
      min !== undefined && max !== undefined
        ? t('ratingBetween', { min, max })
        : min !== undefined
          ? t('ratingFrom', { min })
          : max !== undefined
            ? t('ratingUpTo', { max })
            : null,
    openClosed: (p: { challenger: string; variant: string; why: string }) => t('openClosed', p),
    openLine: (p: { challenger: string; variant: string; expires: string }) => t('openLine', p),
    rangeWithOpponent: t('rangeWithOpponent'),
    rangeEmpty: t('rangeEmpty'),
    /** An open challenge's term: the AI plays the challenger if nobody accepts within `minutes` (5, 15 or 60). */
    botAfterTerm: (p: { minutes: number }) => t('botAfterTerm', p),
    botAfterWithOpponent: t('botAfterWithOpponent'),
    /** Why an open challenge closed: nobody accepted it in time, so the AI took it. */
    botTook: t('botTook'),
    /** The time More time gives (see moreTimeMs): "15 seconds", "15 minutes", "1 day". */
    amount: (ms: number): string =>
      t('amount', { context: ms >= 24 * 60 * 60 * 1000 ? '1d' : ms >= 15 * 60 * 1000 ? '15m' : '15s' }),
    moreTime: (p: { amount: string }) => t('moreTime', p),
    gaveTime: (p: { name: string; opponent: string; amount: string }) => t('gaveTime', p),
    /** Instead of a deadline: the player to move is away and their clock stands. */
    clockStands: (p: { name: string }) => t('clockStands', p),
    vacationStarted: (p: { name: string; until: string }) => t('vacationStarted', p),
    vacationBack: (p: { name: string }) => t('vacationBack', p),
    vacationRanOut: (p: { name: string }) => t('vacationRanOut', p),
    /** Told in each game's channel when one of its players goes away, or comes back. */
    vacationAwayHere: (p: { name: string }) => t('vacationAwayHere', p),
    vacationBackHere: (p: { name: string }) => t('vacationBackHere', p),
    vacationStatusAway: (p: { since: string; until: string }) => t('vacationStatusAway', p),
    vacationStatusHome: (p: { days: number; left: string }) => t('vacationStatusHome', p),
    /** Whole days, as "3 days". */
    vacationLeft: (days: number) => t('vacationLeft', { count: days }),
    vacationDaysSet: (p: { days: number }) => t('vacationDaysSet', p),
    vacationDaysNotAdmin: t('vacationDaysNotAdmin'),
    vacationDaysShown: (p: { days: number }) => t('vacationDaysShown', p),
    /** A server's own command used where the bot is not installed (a DM, a group DM, a server without it). */
    needsServer: (p: { command: string }) => t('needsServer', p),
  };
}

export type LobbyMessages = ReturnType<typeof lobbyMessages>;

const cached = new Map<string, LobbyMessages>();

/** The lobby's words for a Discord locale or a catalogue's language; English when it has none. */
export function lobbyMessagesFor(locale: string | null | undefined): LobbyMessages {
  const language = catalogueLanguage(locale);
  let messages = cached.get(language);
  if (!messages) {
    messages = lobbyMessages(language);
    cached.set(language, messages);
  }
  return messages;
}
