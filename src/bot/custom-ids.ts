/**
 * Every custom id the bot puts on a button or a menu, made and read here and nowhere else: a kind
 * with its typed fields, written `<route>:<fields>`. The route (the text before the first colon)
 * names the command that answers it: a command lists the kinds it answers (`customIds`), and the
 * router sends each press by its route, so that an id of a known route but a broken shape still
 * reaches its command, which says so. The text of each kind is what buttons already posted carry,
 * so it never changes: a button posted before a deploy works after it. Every id is well within
 * Discord's 100 characters (the longest, an explorer's, is 99).
 *
 * - `challenge:<accept|decline|withdraw>:<challenge>`: a challenge's buttons.
 * - `challenge:rematch:<game>`: the Rematch button under a finished game. Only the game: the
 *   rematch's settings (variant, time, match, the AI's level) are read from the game's archive, so
 *   they cannot be forged, and a button posted before the settings were kept still works.
 * - `draw:accept:<game>`: under a draw offer.
 * - `undo:<accept|decline>:<game>:<ply>`: under a request to take back the move before `ply`.
 * - `moretime:<game>`: the More time button under a board with a clock. It names the game, so a
 *   button under an earlier game in the channel gives nothing to a new one.
 * - `move:…`: the move picker (PickerStep). Each names the game and the ply it was made for, so a
 *   picker left open after the position changed is known to be stale.
 * - `games:<page>:<all|member id>`: /games's Previous and Next. The list is read again at each
 *   press, so a button never shows a game that has ended since.
 * - `tournament:<join|leave|start>:<tournament>`: under a tournament's sign-up.
 * - `practice:<game>`: under a review. Who may practise is read from the archive, never the id.
 * - `board:web`: the Web board button. It names no game: the link it answers with opens the channel's.
 * - `board:web:<game>`: the study of a finished game on the web board (under its review).
 * - `openings:<m|b|s>:<variant>:<packed moves>`: the opening explorer's buttons (a move, back, the
 *   start). Each carries the whole way to its position, so any process can answer it and no state
 *   is kept between clicks.
 */
import { packMoves, unpackMoves } from '../openings/moves.ts';

export type ChallengeAction = 'accept' | 'decline' | 'withdraw';
export type TournamentAction = 'join' | 'leave' | 'start';

/** Whose games a /games list shows: the whole server's, or one member's. */
export type GamesScope = { kind: 'server' } | { kind: 'member'; memberId: string };

/**
 * A step of the move picker:
 * - `open`: the Move button under a board;
 * - `group`: the menu of the board's parts, when the movable pieces need more than four menus;
 * - `piece`: a menu of pieces (the value is the square);
 * - `to`: a menu of the chosen piece's destinations;
 * - `play`: a quick button for one of the strongest moves;
 * - `back`: back to the pieces.
 */
export type PickerStep =
  | { step: 'open'; gameId: string }
  | { step: 'group'; gameId: string; ply: number }
  | { step: 'piece'; gameId: string; ply: number; menu: number }
  | { step: 'to'; gameId: string; ply: number; from: string; menu: number }
  | { step: 'play'; gameId: string; ply: number; move: string }
  | { step: 'back'; gameId: string; ply: number };

/** What an opening explorer's button does: step into a listed move, back one ply, or to the start. */
export type ExplorerStep = 'move' | 'back' | 'start';

export type CustomId =
  | { kind: 'challenge'; action: ChallengeAction; challengeId: string }
  | { kind: 'rematch'; gameId: string }
  | { kind: 'draw'; gameId: string }
  | { kind: 'undo'; accept: boolean; gameId: string; ply: number }
  | { kind: 'more-time'; gameId: string }
  | ({ kind: 'picker' } & PickerStep)
  | { kind: 'games-page'; page: number; scope: GamesScope }
  | { kind: 'tournament'; action: TournamentAction; tournamentId: string }
  | { kind: 'practice'; gameId: string }
  | { kind: 'web-board'; gameId?: string }
  | { kind: 'explorer'; step: ExplorerStep; variant: string; moves: readonly string[] };

export type CustomIdKind = CustomId['kind'];
export type CustomIdOf<K extends CustomIdKind> = Extract<CustomId, { kind: K }>;

/** The route of each kind: the command that answers it (its file in commands/ declares the kind). */
export const ROUTES: Readonly<Record<CustomIdKind, string>> = {
  challenge: 'challenge',
  rematch: 'challenge',
  draw: 'draw',
  undo: 'undo',
  'more-time': 'moretime',
  picker: 'move',
  'games-page': 'games',
  tournament: 'tournament',
  practice: 'practice',
  'web-board': 'board',
  explorer: 'openings',
};

/** The custom id's text. */
export function customId(id: CustomId): string {
  switch (id.kind) {
    case 'challenge':
      return `challenge:${id.action}:${id.challengeId}`;
    case 'rematch':
      return `challenge:rematch:${id.gameId}`;
    case 'draw':
      return `draw:accept:${id.gameId}`;
    case 'undo':
      return `undo:${id.accept ? 'accept' : 'decline'}:${id.gameId}:${id.ply}`;
    case 'more-time':
      return `moretime:${id.gameId}`;
    case 'picker':
      return pickerText(id);
    case 'games-page':
      return `games:${id.page}:${id.scope.kind === 'server' ? 'all' : id.scope.memberId}`;
    case 'tournament':
      return `tournament:${id.action}:${id.tournamentId}`;
    case 'practice':
      return `practice:${id.gameId}`;
    case 'web-board':
      return id.gameId ? `board:web:${id.gameId}` : 'board:web';
    case 'explorer':
      return `openings:${id.step[0]}:${id.variant}:${packMoves(id.moves)}`;
  }
}

function pickerText(step: PickerStep): string {
  switch (step.step) {
    case 'open':
      return `move:open:${step.gameId}`;
    case 'group':
    case 'back':
      return `move:${step.step}:${step.gameId}:${step.ply}`;
    case 'piece':
      return `move:piece:${step.gameId}:${step.ply}:${step.menu}`;
    case 'to':
      return `move:to:${step.gameId}:${step.ply}:${step.from}:${step.menu}`;
    case 'play':
      return `move:play:${step.gameId}:${step.ply}:${step.move}`;
  }
}

/** A game's, a challenge's or a tournament's id, as the store makes them. */
const ID = '[\\w-]{1,64}';
const SQUARE = '[a-z]\\d{1,2}';
const PLY = '(\\d{1,4})';

const CHALLENGE = new RegExp(`^challenge:(accept|decline|withdraw):(${ID})$`);
const REMATCH = new RegExp(`^challenge:rematch:(${ID})$`);
const DRAW = new RegExp(`^draw:accept:(${ID})$`);
const UNDO = new RegExp(`^undo:(accept|decline):(${ID}):(\\d{1,5})$`);
const MORE_TIME = new RegExp(`^moretime:(${ID})$`);
const GAMES_PAGE = /^games:(\d{1,4}):(all|\d{1,20})$/;
const TOURNAMENT = new RegExp(`^tournament:(join|leave|start):(${ID})$`);
const PRACTICE = new RegExp(`^practice:(${ID})$`);
const WEB_BOARD = new RegExp(`^board:web(?::(${ID}))?$`);
/** The variant is everything up to the last colon: a server's variant's id has one of its own. */
const EXPLORER = /^openings:([mbs]):(.+):([0-9a-z]*)$/;
const EXPLORER_STEPS: Record<string, ExplorerStep> = { m: 'move', b: 'back', s: 'start' };
const PICKER: { step: PickerStep['step']; pattern: RegExp }[] = [
  { step: 'open', pattern: new RegExp(`^move:open:(${ID})$`) },
  { step: 'group', pattern: new RegExp(`^move:group:(${ID}):${PLY}$`) },
  { step: 'piece', pattern: new RegExp(`^move:piece:(${ID}):${PLY}:(\\d{1,2})$`) },
  { step: 'to', pattern: new RegExp(`^move:to:(${ID}):${PLY}:(${SQUARE}):(\\d)$`) },
  { step: 'play', pattern: new RegExp(`^move:play:(${ID}):${PLY}:(${SQUARE}-${SQUARE})$`) },
  { step: 'back', pattern: new RegExp(`^move:back:(${ID}):${PLY}$`) },
];

/** Each route's reader: what an id of the route names, or null when it has another shape. */
const READERS = new Map<string, (text: string) => CustomId | null>([
  [
    'challenge',
    (text) => {
      const challenge = CHALLENGE.exec(text);
      if (challenge)
        return { kind: 'challenge', action: challenge[1] as ChallengeAction, challengeId: challenge[2] };
      const rematch = REMATCH.exec(text);
      return rematch ? { kind: 'rematch', gameId: rematch[1] } : null;
    },
  ],
  [
    'draw',
    (text) => {
      const match = DRAW.exec(text);
      return match ? { kind: 'draw', gameId: match[1] } : null;
    },
  ],
  [
    'undo',
    (text) => {
      const match = UNDO.exec(text);
      return match
        ? { kind: 'undo', accept: match[1] === 'accept', gameId: match[2], ply: Number(match[3]) }
        : null;
    },
  ],
  [
    'moretime',
    (text) => {
      const match = MORE_TIME.exec(text);
      return match ? { kind: 'more-time', gameId: match[1] } : null;
    },
  ],
  [
    'move',
    (text) => {
      const step = pickerStep(text);
      return step ? { kind: 'picker', ...step } : null;
    },
  ],
  [
    'games',
    (text) => {
      const match = GAMES_PAGE.exec(text);
      if (!match) return null;
      const scope: GamesScope =
        match[2] === 'all' ? { kind: 'server' } : { kind: 'member', memberId: match[2] };
      return { kind: 'games-page', page: Number(match[1]), scope };
    },
  ],
  [
    'tournament',
    (text) => {
      const match = TOURNAMENT.exec(text);
      return match
        ? { kind: 'tournament', action: match[1] as TournamentAction, tournamentId: match[2] }
        : null;
    },
  ],
  [
    'practice',
    (text) => {
      const match = PRACTICE.exec(text);
      return match ? { kind: 'practice', gameId: match[1] } : null;
    },
  ],
  [
    'board',
    (text) => {
      const match = WEB_BOARD.exec(text);
      return match ? { kind: 'web-board', ...(match[1] ? { gameId: match[1] } : {}) } : null;
    },
  ],
  [
    'openings',
    (text) => {
      const match = EXPLORER.exec(text);
      const moves = match ? unpackMoves(match[3]) : null;
      return match && moves
        ? { kind: 'explorer', step: EXPLORER_STEPS[match[1]], variant: match[2], moves }
        : null;
    },
  ],
]);

/** What a custom id names, or null when it is none of the bot's (or a broken or forged one). */
export function readCustomId(text: string): CustomId | null {
  return READERS.get(routeOf(text))?.(text) ?? null;
}

function pickerStep(text: string): PickerStep | null {
  for (const { step, pattern } of PICKER) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [, gameId, ply, third, fourth] = match;
    switch (step) {
      case 'open':
        return { step, gameId };
      case 'group':
      case 'back':
        return { step, gameId, ply: Number(ply) };
      case 'piece':
        return { step, gameId, ply: Number(ply), menu: Number(third) };
      case 'to':
        return { step, gameId, ply: Number(ply), from: third, menu: Number(fourth) };
      case 'play':
        return { step, gameId, ply: Number(ply), move: third };
    }
  }
  return null;
}

/** What a custom id names when it is one of `kinds`, else null. */
export function readCustomIdOf<K extends CustomIdKind>(text: string, ...kinds: K[]): CustomIdOf<K> | null {
  const id = readCustomId(text);
  return id && (kinds as CustomIdKind[]).includes(id.kind) ? (id as CustomIdOf<K>) : null;
}

/** The route of a custom id as it came (whatever its shape): the text before its first colon. */
export function routeOf(text: unknown): string {
  return String(text ?? '').split(':', 1)[0];
}

/** A custom id as the log names it: its route and first field (`move:open`, `challenge:accept`). */
export function loggedName(text: unknown): string {
  return String(text).split(':', 2).join(':');
}
