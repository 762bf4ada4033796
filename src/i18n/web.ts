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
    study: t('study'),
    studyTitle: (p: { attackers: string; defenders: string }) => t('studyTitle', p),
    /** A template the page fills: `{{ply}}` and `{{plies}}`. */
    lookingBack: t('lookingBack', {
      ply: '{{ply}}',
      plies: '{{plies}}',
      interpolation: { escapeValue: false },
    }),
    startPosition: t('startPosition'),
    backToLive: t('backToLive'),
    backToGame: t('backToGame'),
    first: t('first'),
    previous: t('previous'),
    next: t('next'),
    last: t('last'),
    spectators: (p: { count: number }) => t('spectators', p),
    noSuchPly: (p: { ply: number; plies: number }) => t('noSuchPly', p),
    playOnAfterTheGame: t('playOnAfterTheGame'),
    lineTooLong: (p: { most: number }) => t('lineTooLong', p),
    sideWon: (p: { side: string; how: string }) => t('sideWon', p),
    sideToMove: (p: { side: string }) => t('sideToMove', p),
    playOn: t('playOn'),
    /** A template the page fills: `{{ply}}`. */
    yourLine: t('yourLine', { ply: '{{ply}}', interpolation: { escapeValue: false } }),
    askAi: t('askAi'),
    thinking: t('thinking'),
    aiChance: (p: { side: string; chance: number; depth: number }) => t('aiChance', p),
    aiForced: (p: { side: string }) => t('aiForced', p),
    aiLine: t('aiLine'),
    aiBusy: t('aiBusy'),
    aiOneAtATime: t('aiOneAtATime'),
    review: t('review'),
    noReview: t('noReview'),
    plot: t('plot'),
    worstMoves: t('worstMoves'),
    /** A template the page fills: `{{move}}`. */
    better: t('better', { move: '{{move}}', interpolation: { escapeValue: false } }),
    accuracy: (p: {
      attackers: string;
      attackersAccuracy: string;
      defenders: string;
      defendersAccuracy: string;
    }) => t('accuracy', p),
    noSuchGame: t('noSuchGame'),
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
  /** Looking back at the game's moves, and studying it once it is over. */
  study: string;
  lookingBack: string;
  startPosition: string;
  backToLive: string;
  first: string;
  previous: string;
  next: string;
  last: string;
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
    study: words.study,
    lookingBack: words.lookingBack,
    startPosition: words.startPosition,
    backToLive: words.backToLive,
    first: words.first,
    previous: words.previous,
    next: words.next,
    last: words.last,
    pieces: {
      attacker: words.attacker,
      defender: words.defender,
      king: words.king,
      guard: words.guard,
      empty: words.empty,
    },
  };
}

/** The study page's words (src/web/study.ts): the page's own, and the ones it shares with the live board. */
export interface StudyLabels extends Omit<PageLabels, 'role' | 'yourTurn' | 'signOut' | 'reconnecting'> {
  title: string;
  backToGame: string;
  playOn: string;
  yourLine: string;
  askAi: string;
  thinking: string;
  aiLine: string;
  review: string;
  noReview: string;
  plot: string;
  worstMoves: string;
  better: string;
  accuracy: string | null;
  signOut: string;
}

export function studyLabels(
  words: WebMessages,
  players: Record<Side, { name: string }>,
  accuracy: Record<Side, number | null> | null,
): StudyLabels {
  const { role: _role, yourTurn: _turn, reconnecting: _reconnecting, ...shared } = pageLabels(words, null);
  const percent = (value: number | null) => (value === null ? '–' : String(Math.round(value)));
  return {
    ...shared,
    title: words.studyTitle({ attackers: players.attackers.name, defenders: players.defenders.name }),
    backToGame: words.backToGame,
    playOn: words.playOn,
    yourLine: words.yourLine,
    askAi: words.askAi,
    thinking: words.thinking,
    aiLine: words.aiLine,
    review: words.review,
    noReview: words.noReview,
    plot: words.plot,
    worstMoves: words.worstMoves,
    better: words.better,
    accuracy: accuracy
      ? words.accuracy({
          attackers: players.attackers.name,
          attackersAccuracy: percent(accuracy.attackers),
          defenders: players.defenders.name,
          defendersAccuracy: percent(accuracy.defenders),
        })
      : null,
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
