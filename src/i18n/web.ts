/** The words of the web board (src/web, web/): the catalogue's `web` namespace. */
import type { Side } from '../engine/index.ts';
import { catalogueLanguage, DISCORD_LOCALES } from './locales.ts';
import { catalogueLanguages, i18n } from './resources.ts';

export function webMessages(language: string) {
  const t = i18n.getFixedT(language, 'web');
  const sides = { attackers: t('attackers'), defenders: t('defenders') };
  return {
    /** The button under a board that answers with a personal link. */
    button: t('button'),
    /** The private answer with the link. */
    link: (p: { url: string }) => t('link', p),
    attackers: sides.attackers,
    defenders: sides.defenders,
    side: (side: Side) => sides[side],
    toMove: (p: { name: string; side: string }) => t('toMove', p),
    won: (p: { name: string; side: string; how: string }) => t('won', p),
    drawn: (p: { how: string }) => t('drawn', p),
    aborted: t('aborted'),
    yourTurn: t('yourTurn'),
    youPlay: (p: { side: string }) => t('youPlay', p),
    watching: t('watching'),
    moves: t('moves'),
    signOut: t('signOut'),
    reconnecting: t('reconnecting'),
    empty: t('empty'),
    attacker: t('attacker'),
    defender: t('defender'),
    king: t('king'),
    guard: t('guard'),
    resign: t('resign'),
    confirmResign: t('confirmResign'),
    offerDraw: t('offerDraw'),
    acceptDraw: t('acceptDraw'),
    drawOffered: t('drawOffered'),
    askUndo: t('askUndo'),
    acceptUndo: t('acceptUndo'),
    undoAsked: t('undoAsked'),
    clockStood: t('clockStood'),
    clocks: t('clocks'),
  };
}

export type WebMessages = ReturnType<typeof webMessages>;

/** The plain words the page itself shows (it is sent them with each state). */
export interface PageLabels {
  /** "You play the attackers", or "You are watching". */
  role: string;
  yourTurn: string;
  moves: string;
  signOut: string;
  reconnecting: string;
  /** The player's actions besides moving, and the clocks. */
  resign: string;
  confirmResign: string;
  offerDraw: string;
  acceptDraw: string;
  drawOffered: string;
  askUndo: string;
  acceptUndo: string;
  undoAsked: string;
  clockStood: string;
  clocks: string;
  /** A square's piece for screen readers, by kind, and an empty square. */
  pieces: Record<'attacker' | 'defender' | 'king' | 'guard' | 'empty', string>;
}

export function pageLabels(words: WebMessages, you: Side | null): PageLabels {
  return {
    role: you ? words.youPlay({ side: words.side(you) }) : words.watching,
    yourTurn: words.yourTurn,
    moves: words.moves,
    signOut: words.signOut,
    reconnecting: words.reconnecting,
    resign: words.resign,
    confirmResign: words.confirmResign,
    offerDraw: words.offerDraw,
    acceptDraw: words.acceptDraw,
    drawOffered: words.drawOffered,
    askUndo: words.askUndo,
    acceptUndo: words.acceptUndo,
    undoAsked: words.undoAsked,
    clockStood: words.clockStood,
    clocks: words.clocks,
    pieces: {
      attacker: words.attacker,
      defender: words.defender,
      king: words.king,
      guard: words.guard,
      empty: words.empty,
    },
  };
}

const cached = new Map<string, WebMessages>();

/** The web board's words for a Discord locale or a catalogue's language; English when it has none. */
export function webMessagesFor(locale: string | null | undefined): WebMessages {
  const language = catalogueLanguage(locale);
  let messages = cached.get(language);
  if (!messages) {
    messages = webMessages(language);
    cached.set(language, messages);
  }
  return messages;
}

/** What the Activity's page shows before sign-in: until then it cannot ask whose language to speak. */
export const SIGN_IN_NOTICES = [
  'signingIn',
  'notInDiscord',
  'noChannel',
  'notAuthorized',
  'signInFailed',
  // A refused sign-in, by the reason the server answers with (src/web/activity-routes.ts).
  'codeRefused',
  'notAMember',
  'discordUnavailable',
] as const;

export type SignInNotice = (typeof SIGN_IN_NOTICES)[number];

/**
 * Every catalogue's sign-in notices, and Discord's locales with the catalogue each reads: the page
 * picks the member's language itself, as catalogueLanguage does, from these alone.
 */
export interface SignInWords {
  locales: Record<string, string>;
  notices: Record<string, Record<SignInNotice, string>>;
}

export function signInWords(): SignInWords {
  const notices: SignInWords['notices'] = {};
  for (const language of catalogueLanguages) {
    const t = i18n.getFixedT(language, 'web');
    notices[language] = Object.fromEntries(SIGN_IN_NOTICES.map((key) => [key, t(key)])) as Record<
      SignInNotice,
      string
    >;
  }
  return { locales: { ...DISCORD_LOCALES }, notices };
}
