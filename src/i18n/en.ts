/**
 * Everything the bot says, in English. The German catalogue (`de.ts`) has the same shape, and the
 * compiler keeps the two in step. Names arrive already made safe for Discord by the caller.
 */
import type {
  DecidedStartReason,
  EndReason,
  GameResult,
  MatchReason,
  PieceKind,
  Side,
} from '../engine/index.ts';
import { type OpenTaflRulesErrorCode, type OpenTaflRulesParams, otherSide } from '../engine/index.ts';
import type { TimeControl } from '../game/clock.ts';
import type { MoveEffect } from '../game/suggestions.ts';
import type { ServiceFailureCode } from '../game/types.ts';
import { decidedStartMessages, openTaflRulesMessages } from './opentafl-rules.en.ts';
import { counted } from './plural.ts';
import { refusalMessages } from './refusals.en.ts';

type Params = Readonly<Record<string, string | number | undefined>>;

/** A count with its noun, by English plural rules: `n(1, 'game', 'games')` is "1 game". */
const ORDINAL: Record<number, string> = { 2: 'second', 3: 'third' };
const n = (count: number, one: string, other: string) => counted('en', count, { one, other });
const list = new Intl.ListFormat('en', { type: 'conjunction' });
/** What a move that wins the game does, by how it wins. */
const WINNING_MOVE: Partial<Record<EndReason, string>> = {
  'king-captured': 'captures the king',
  'king-escaped': 'king escapes',
  'exit-fort': 'builds an exit fort',
  enclosed: 'encloses the defenders',
};

/** What a game's result text needs beyond the result itself. */
export interface ResultContext {
  /** The side to move when the game ended. */
  turn: Side;
  /** The variant's repetition count (2 or 3). */
  occurrence: number;
  /** Repetition loses for the defenders, whichever side made the repeating move. */
  repetitionLosesDefenders: boolean;
}

export const en = {
  language: 'en' as 'en' | 'de',
  side: (side: Side): string => side,
  /** A variant's name: a server variant's as its moderators wrote it. */
  variantName: (variant: { id: string; name: string }): string => variant.name,
  timeControl: (time: TimeControl) =>
    ({
      none: 'no time limit',
      '10m': `${n(10, 'minute', 'minutes')} per move`,
      '1h': `${n(1, 'hour', 'hours')} per move`,
      '1d': `${n(1, 'day', 'days')} per move`,
      '3d': `${n(3, 'day', 'days')} per move`,
    })[time],

  // Refusals of the bot itself
  somethingWentWrong: 'Something went wrong on our side, so nothing was changed. Please try again.',
  /** After as many entries of a list as fit in a message. */
  andMore: (p: { number: number }) => `… and ${p.number} more`,
  answerNotShown:
    'That was done, but Discord did not take its message, so it is not shown. `/board` (or the command you used) shows where things stand.',
  buttonNotOurs: 'This button is not one of ours any more.',
  buttonInvalid: 'This button is not valid.',
  noGameRecorded: 'No game has been played in this channel yet.',
  noVariant: (p: { variant: string; choices: string }) =>
    `There is no variant "${p.variant}": choose one of ${p.choices}.`,
  badTime: 'The time must be 10m, 1h, 1d, 3d or none.',
  badSide: 'The side must be attackers, defenders or random.',
  badLevel: 'The level must be easy, normal or hard.',
  aiChannelBusy:
    'This channel already has a game: add `thread:true` to play the AI in a new thread, or use another channel.',
  levelOnlyAgainstBot:
    'The `level` option is for games against the bot: a member plays as well as they play. Leave it out to challenge a member.',
  threadInThread:
    'This is a thread already, and a thread cannot have threads of its own: use `thread:true` in a channel, or leave it out to play here.',
  noThreadsHere: 'Threads cannot be opened in this channel: leave out `thread:true` to play here.',

  // Challenges
  challenge: (p: {
    opponentId: string;
    challenger: string;
    variant: string;
    terms: string;
    expires: string;
  }) =>
    `<@${p.opponentId}>, **${p.challenger}** challenges you to **${p.variant}** (${p.terms}). Accept within 15 minutes: ${p.expires}.`,
  sidesAtRandom: 'sides drawn at random',
  challengerPlays: (p: { name: string; side: Side }) => `${p.name} plays the ${p.side}`,
  twoGameMatch: 'a two-game match',
  inNewThread: 'in a new thread',
  accept: 'Accept',
  decline: 'Decline',
  withdraw: 'Withdraw',
  challengeClosed: (p: { challenger: string; opponent: string; variant: string; why: string }) =>
    `~~${p.challenger} challenged ${p.opponent} to ${p.variant}.~~ ${p.why}`,
  challengeExpired: 'The challenge expired.',
  declined: (p: { name: string }) => `${p.name} declined.`,
  withdrew: (p: { name: string }) => `${p.name} withdrew the challenge.`,
  accepted: (p: { name: string }) => `${p.name} accepted.`,
  gameIsIn: (p: { channelId: string }) => `The game is in <#${p.channelId}>.`,
  youPlayTheAi: (p: { side: Side; level: string }) => `You play the ${p.side} against the AI (${p.level}).`,
  aiMatch: 'This is game 1 of a two-game match: sides swap for game 2.',
  level: (level: 'easy' | 'normal' | 'hard'): string => level,

  // A game's messages
  gameTitle: (p: { variant: string; attackers: string; defenders: string }) =>
    `${p.variant}: **${p.attackers}** (attackers) against **${p.defenders}** (defenders)`,
  toMove: (p: { who: string; side: Side }) => `${p.who} to move (${p.side}).`,
  deadline: (p: { when: string }) => `Deadline ${p.when}.`,
  moveNumber: (p: { title: string; number: number; situation: string }) =>
    `${p.title}. Move ${p.number}: ${p.situation}`,
  played: (p: { name: string; side: Side; move: string; captured: number }) =>
    `**${p.name}** (${p.side}) played **${p.move}**${
      p.captured === 0 ? '' : ` capturing ${n(p.captured, 'piece', 'pieces')}`
    }.`,
  gameOver: (p: { result: string; verdict: string }) => `**Game over.** ${p.result} ${p.verdict}`,
  wins: (p: { name: string; side: Side }) => `**${p.name}** (${p.side}) wins.`,
  drawn: 'The game is drawn.',
  result(result: GameResult, { turn, occurrence, repetitionLosesDefenders }: ResultContext): string {
    const square = result.square ?? '';
    const loser = result.winner ? otherSide(result.winner) : turn;
    const nth = ORDINAL[occurrence] ?? `${occurrence}th`;
    switch (result.reason) {
      case 'king-escaped':
        return `The king escaped to ${square}: the defenders win.`;
      case 'exit-fort':
        return `The king built an exit fort on ${square}: the defenders win.`;
      case 'king-captured':
        return `The king was captured on ${square}: the attackers win.`;
      case 'enclosed':
        return 'The attackers enclosed the king and all his defenders: the attackers win.';
      case 'repetition':
        if (result.winner && repetitionLosesDefenders)
          return `The position stood on the board for the ${nth} time: the defenders lose.`;
        return result.winner
          ? `The ${loser} repeated the position for the ${nth} time and lose.`
          : `The position stood on the board for the ${nth} time: a draw.`;
      case 'no-legal-move':
        return result.winner
          ? `The ${loser} have no legal move and lose.`
          : `The ${loser} have no legal move: a draw.`;
      case 'resignation':
        return `The ${loser} resigned.`;
      case 'agreed-draw':
        return 'Draw agreed.';
      case 'timeout':
        return `The ${loser} ran out of time.`;
    }
  },
  rematch: 'Rematch',

  // Matches
  matchLabel: (p: { game: number }) => `match game ${p.game} of 2`,
  firstGameOver: 'That was game 1 of the match: game 2 follows, sides swapped.',
  firstGameDrawn: 'Game 1 of the match was drawn.',
  wonFirstGame: (p: { name: string; moves: number }) =>
    `**${p.name}** won game 1 of the match in ${n(p.moves, 'move', 'moves')}.`,
  takesTheMatch: (p: { name: string; why: string }) => `**${p.name} takes the match**: ${p.why}.`,
  matchDrawn: (p: { why: string }) => `**The match is drawn**: ${p.why}.`,
  matchReason(reason: MatchReason): string {
    switch (reason.kind) {
      case 'unfinished':
        return `game ${reason.nextGame} of 2 is still to be played`;
      case 'both-drawn':
        return 'both games were drawn: the match is drawn';
      case 'only-decided-game':
        return `${reason.winner} won the only decided game`;
      case 'both-games':
        return `${reason.winner} won both games`;
      case 'equal-moves':
        return `one win each in ${n(reason.moves, 'move', 'moves')}: the match is drawn`;
      case 'fewer-moves':
        return `one win each: ${reason.winner} won in ${n(reason.moves, 'move', 'moves')}, ${reason.other} in ${reason.otherMoves}`;
    }
  },
  secondGame: (p: { title: string; situation: string }) =>
    `**Game 2 of the match**, sides swapped: ${p.title}. ${p.situation}`,

  // Draws, undo, clocks
  offersDraw: (p: { name: string; opponentId: string }) =>
    `**${p.name}** offers a draw. <@${p.opponentId}>, accept with the button or \`/draw\`; a move declines it.`,
  acceptDraw: 'Accept the draw',
  drawAgreed: 'Draw agreed.',
  gameAborted: (p: { name: string; attackers: string; defenders: string; moves: number }) =>
    `**${p.name}** ended the game of **${p.attackers}** (attackers) and **${p.defenders}** (defenders) after ${n(
      p.moves,
      'move',
      'moves',
    )}, without a result: it counts for no one. This channel is free for a new \`/challenge\`.`,
  abortedFooter: 'ended by a moderator, without a result',
  asksUndo: (p: { name: string; move: string; opponentId: string }) =>
    `**${p.name}** asks to take back the last move, **${p.move}**. <@${p.opponentId}>, do you agree?`,
  takeBack: 'Take it back',
  undoDeclined: (p: { name: string }) => `${p.name} declined to take back the move.`,
  takenBack: (p: { move: string }) => `**${p.move}** was taken back.`,
  reminder: (p: { playerId: string; deadline: string }) =>
    `<@${p.playerId}>, 80% of your time for this move is gone: the deadline is ${p.deadline}.`,

  // Records
  lastGameRecord: 'The last game finished here, in OpenTafl notation.',
  abortedGameRecord: 'The last game here, ended by a moderator without a result, in OpenTafl notation.',
  currentGameRecord: 'The game in progress, in OpenTafl notation.',
  earlierMoves: '…earlier moves in `/export`',
  noMovesYet: 'No moves yet.',
  sideToMove: (p: { side: Side }) => `${p.side} to move`,

  // Replays
  gameIdField: 'Game id, for /replay and /analyze',
  gameIdNote: (p: { id: string }) =>
    `Game id \`${p.id}\`: \`/replay game:${p.id}\` animates it, and once it has ended \`/analyze game:${p.id}\` reviews it.`,
  replayReady: (p: {
    variant: string;
    attackers: string;
    defenders: string;
    first: number;
    last: number;
    moves: number;
    id: string;
  }) =>
    `Replay of ${p.variant}: **${p.attackers}** (attackers) against **${p.defenders}** (defenders), ${
      p.first === 1 && p.last === p.moves
        ? p.moves === 1
          ? 'its one move'
          : `all ${n(p.moves, 'move', 'moves')}`
        : `moves ${p.first}–${p.last} of ${p.moves}`
    }. Game \`${p.id}\`.`,
  replayAbortedNote: 'ended without a result',
  replayInProgress: 'The game is still being played: the replay ends at the position now on the board.',
  replayThinned: (p: { every: number }) =>
    `To stay within Discord’s file size limit, it shows one position in ${p.every}.`,
  replayScaled: (p: { percent: number }) =>
    `To stay within Discord’s file size limit, it is drawn at ${p.percent}% size.`,
  replayNoMoves: 'This game has no moves yet: there is nothing to replay.',
  replayUnknownGame: (p: { id: string }) =>
    `There is no finished game \`${p.id}\` on record. \`/history\` and \`/export\` show a game’s id; a game still in progress is replayed in its channel with \`/replay\` alone.`,
  replayNotAMove: (p: { option: string; number: number }) =>
    `\`${p.option}\` is a move number as \`/history\` counts them: 1 or more, not ${p.number}.`,
  replayBeyondEnd: (p: { option: string; number: number; moves: number }) =>
    `The game has ${n(p.moves, 'move', 'moves')}: \`${p.option}:${p.number}\` is past its end.`,
  replayFromAfterTo: (p: { from: number; to: number }) =>
    `\`from:${p.from}\` comes after \`to:${p.to}\`, so the excerpt would be empty: swap them?`,
  replayBadSpeed: 'The speed must be slow, normal or fast.',
  replayBusy: 'Several replays are being drawn right now: try again in a minute.',

  // Standings
  perServer: 'Standings are kept per server.',
  allVariants: 'all variants',
  standingsTitle: (p: { scope: string }) => `Standings: ${p.scope}`,
  noFinishedGames: 'No finished games yet.',
  noFinishedGamesStart: 'No finished games yet. Start one with `/challenge`.',
  record: (p: { games: number; wins: number; losses: number; draws: number; points: number }) =>
    `${n(p.games, 'game', 'games')}: ${p.wins} won, ${p.losses} lost, ${p.draws} drawn, ${n(p.points, 'point', 'points')}.`,
  againstEachOpponent: 'Against each opponent',
  headToHead: (p: { name: string; wins: number; losses: number; draws: number }) =>
    `${p.name}: ${p.wins} won, ${p.losses} lost, ${p.draws} drawn`,
  ratedFooter: 'Glicko-2 rating ± deviation; ? marks a provisional rating. A win scores 1 point, a draw ½.',
  unratedFooter: 'A win scores 1 point, a draw ½. Choose a variant to see ratings.',
  /** The table's column heads, padded to the columns' widths. */
  tableHead: (rated: boolean) => ` #  Member            Games  W   L   D  Points${rated ? '  Rating' : ''}`,

  // Reviews (/analyze)
  analysisTitle: (p: { title: string }) => `Review: ${p.title}`,
  analysing: (p: { done: number; total: number }) => `Analysing position ${p.done} of ${p.total}…`,
  analysisLive:
    'This game is still being played: a review now would help one side against the other. Ask again when it has ended.',
  analysisNoGame: 'No game has ended in this channel yet: play one, or give a game id (shown by `/history`).',
  analysisUnknownGame: (p: { id: string }) => `There is no finished game "${p.id}" on this server.`,
  analysisWaiting: 'Your last `/analyze` is still being worked on: ask again when it has answered.',
  analysisBusy: 'Several games are being reviewed right now: try again in a few minutes.',
  analysisPlotsBusy: 'Many review plots are being drawn right now: try again in a moment.',
  analysisWorst: (p: { side: Side }) => `The ${p.side}’ worst moves`,
  analysisNone: 'No mistakes: every move was within 1.5 of the AI’s choice.',
  analysisLine: (p: { move: number; notation: string; better: string; swing: string; blunder: boolean }) =>
    `${p.move}. **${p.notation}** ${p.blunder ? 'blunder' : 'mistake'}, ${p.swing}${p.better ? `; better ${p.better}` : ''}`,
  analysisFooter: (p: { ms: number }) =>
    `The AI looked ${p.ms} ms at each position. Scores: about 1 per pawn’s worth, from the defenders’ side; ±10 is a forced win. A mistake costs 1.5, a blunder 4.`,
  plot: {
    defendersAhead: 'defenders ahead',
    attackersAhead: 'attackers ahead',
    move: 'move',
    kingThreatened: 'king threatened',
    capture: 'capture',
    mistake: 'mistake',
    blunder: 'blunder',
  },

  // Help and rules
  helpTitle: 'Playing tafl here',
  help: (variants: string) => [
    '**Start a game** `/challenge opponent:@someone` (choose `variant`, `side`, and `thread:true` to play in a new thread). They accept with the button within 15 minutes.',
    '**Play** `/move e5-e8`: a piece moves like a rook, from one square to another. Start typing and the bot suggests your legal moves: nothing typed lists your strongest moves first (captures, escapes, threats to the king, king moves), saying what each does, then your pieces that can move; a square lists that piece’s moves.',
    '**Look** `/board` shows the board of the game in this channel. Squares are named by file letter and rank number, `a1` bottom left.',
    '**End** `/resign`, or `/draw` to offer a draw (your opponent accepts with the button or `/draw`; a move declines it). Moderators end a stalled game without a result with `/abort`.',
    '**Learn** `/rules` explains a variant. `/standings` shows this server’s table. `/replay` shows a game again as an animation. `/analyze` reviews a finished game: a plot of who stood better after every move, and each side’s worst moves (a mistake costs 1.5, about a pawn and a half; a blunder 4).',
    '**Tournaments** `/tournament create` opens a round robin or a Swiss event with a sign-up message; each round’s games open in their own threads, and `/tournament standings` shows the crosstable.',
    '**House rules** Moderators add the server’s own variants from OpenTafl rules strings with `/variant add`, and choose the default with `/variant default`; `/variant list` shows them all.',
    `**Variants** ${variants}`,
  ],
  variantFooter: (p: { variant: string }) => `variant: ${p.variant}`,
  serverVariantRules: 'As an OpenTafl rules string',
  addedBy: (p: { name: string }) => `Added by ${p.name}.`,

  // The server's own variants
  variantsTitle: 'Variants on this server',
  builtInVariants: 'The bot’s own',
  serverVariants: 'This server’s own',
  noServerVariants:
    'None yet. Moderators add one with `/variant add name:<name> rules:<OpenTafl rules string>`.',
  isDefault: 'default',
  variantLine: (p: { name: string; id: string; size: number }) =>
    `**${p.name}** \`${p.id}\`, ${p.size}x${p.size}`,
  variantAdded: (p: { name: string; id: string }) =>
    `Added **${p.name}** (\`${p.id}\`): challenge with \`/challenge variant:${p.id}\`, read it with \`/rules variant:${p.id}\`.`,
  variantRemoved: (p: { name: string }) =>
    `Removed **${p.name}**. Games already under way in it play on by its rules, and its standings stay.`,
  variantDefaultSet: (p: { name: string }) => `\`/challenge\` without a variant now plays **${p.name}**.`,
  variantNeedsManageServer: 'Only members who may manage the server can add, remove or choose variants.',

  // The picture's caption
  captionMove: (p: { number: number }) => `move ${p.number}`,
  captionTurn: (side: Side) => `${side === 'attackers' ? 'Attackers' : 'Defenders'} to move`,
  kingCanEscape: 'the king can escape',
  kingCanBeCaptured: 'the king can be captured',

  /** Autocomplete of /move: a piece that can move, and what a move does. */
  suggestions: {
    piece: (p: { square: string; kind: PieceKind; moves: number }) =>
      `${p.square}: ${p.kind}, ${n(p.moves, 'move', 'moves')}`,
    effect(effect: MoveEffect): string {
      switch (effect.kind) {
        case 'wins':
          return WINNING_MOVE[effect.reason] ?? 'wins the game';
        case 'draws':
          return 'draws the game';
        case 'loses':
          return 'loses the game';
        case 'king-move':
          return 'king move';
        case 'captures':
          return `captures ${list.format(effect.squares)}`;
        case 'blocks-escape':
          return 'blocks the king’s escape';
        case 'threatens-king':
          return 'threatens the king';
        case 'closes-in':
          return 'closes in on the king';
        case 'threatens-escape':
          return 'threatens to escape';
        case 'protects-king':
          return 'saves the king';
        case 'exposes-king':
          return 'leaves the king open to capture';
      }
    },
  },

  /** Refusals of the game service, by code. */
  failures: {
    self: 'You cannot challenge yourself.',
    bot: 'Bots do not play here: challenge a member instead.',
    'channel-busy':
      'This channel already has a game. Use `thread:true` to play in a new thread, or wait for it to end.',
    'already-pending': 'You already have a pending challenge in this channel: withdraw it first.',
    'not-challenged': 'Only the challenged member can accept this challenge.',
    'not-challenged-decline': 'Only the challenged member can decline this challenge.',
    'not-challenger': 'Only the challenger can withdraw this challenge.',
    'channel-taken': 'A game started in this channel meanwhile. Challenge again with `thread:true`.',
    'challenge-changed': 'The challenge or the channel changed meanwhile; nothing was changed. Try again.',
    'challenge-answered': 'The challenge was answered meanwhile.',
    'no-challenge': 'This challenge no longer exists.',
    answered: 'This challenge was already answered.',
    'not-expired': 'This challenge has not expired yet.',
    expired: 'This challenge has expired.',
    accepted: 'This challenge was already accepted.',
    declined: 'This challenge was already declined.',
    withdrawn: 'This challenge was already withdrawn.',
    'ai-no-draw': 'The AI plays on: it does not agree draws. You may resign.',
    'ai-no-undo': 'The AI does not take moves back: play on, or resign.',
    'already-offered': 'You have already offered a draw.',
    'stale-draw-offer': 'That draw offer was for a game that has ended.',
    'no-offer': 'There is no draw offer to accept (a move declines it).',
    'own-offer': 'You cannot accept your own draw offer.',
    'nothing-to-undo': 'No move has been played yet.',
    'already-asked': 'You have already asked to take back the last move.',
    'stale-undo': 'That request to take back a move is no longer open.',
    'own-request': 'Your opponent has to answer your request.',
    'game-gone': 'That game is not on record any more.',
    'not-in-that-game': 'Only the two players of that game can ask for a rematch.',
    'challenge-elsewhere': (p: Params) =>
      `That challenge was made in <#${p.channelId}>: answer it there, with its own buttons.`,
    'rematch-elsewhere': (p: Params) =>
      `That game was played in <#${p.channelId}>: ask for the rematch there, under its result.`,
    'tournament-elsewhere': (p: Params) =>
      `That tournament is in <#${p.channelId}>: use the buttons of its sign-up there.`,
    'no-game': 'There is no game in this channel. Start one with `/challenge`.',
    'not-a-player': 'You are not playing in this game.',
    'not-your-turn': (p: Params) => `It is not your turn: ${p.name} (${p.side}) is to move.`,
    stale: 'That is no longer due.',
    'position-changed':
      'The game changed while you were moving (another command was handled first), so nothing was changed. Look at `/board` and try again.',
    busy: 'The server is busy recording other results; nothing was changed. Please try again.',
    'store-unavailable':
      'The game store is unreachable right now, so nothing was changed. Please try again in a moment.',
    'store-silent':
      'The game store stopped answering while saving this, so it may or may not have been recorded. Look at `/board` in a moment before trying again.',
    'variant-name-invalid': (p: Params) =>
      `A variant's name needs at least one letter or digit, and at most ${p.max} characters.`,
    'variant-name-built-in': (p: Params) =>
      `"${p.name}" is the name of one of the bot's own variants: choose another name.`,
    'variant-rules-too-long': (p: Params) => `The rules string is too long: at most ${p.max} characters.`,
    'variant-rules-invalid': (p: Params) =>
      `These rules cannot be played: ${openTaflRulesMessages[p.rulesCode as OpenTaflRulesErrorCode](p as OpenTaflRulesParams)}. Nothing was added.`,
    'variant-exists': (p: Params) =>
      `This server already has a variant called "${p.name}": remove it first with \`/variant remove\`, or choose another name.`,
    'variant-start-decided': (p: Params) =>
      `These rules cannot be played: the game would be over before its first move: ${decidedStartMessages[p.reason as DecidedStartReason](p)}. Nothing was added.`,
    'start-decided': (p: Params) =>
      `This game cannot start: it would be over before its first move: ${decidedStartMessages[p.reason as DecidedStartReason](p)}.`,
    'variant-limit': (p: Params) =>
      `This server already has ${p.max} variants of its own, the most there can be: remove one first.`,
    'no-server-variant': (p: Params) =>
      `There is no variant "${p.variant}" on this server. \`/variant list\` shows them all.`,
    'variants-changed': "The server's variants changed meanwhile; nothing was changed. Try again.",
    'unknown-variant': (p: Params) =>
      `There is no variant "${p.variant}" here: choose one of the suggestions, or see \`/variant list\`.`,
    'no-tournament': (p: Params) =>
      p.name
        ? `There is no tournament "${p.name}" on this server: choose one of the suggestions.`
        : 'There is no tournament here. Members who may manage events start one with `/tournament create`.',
    'tournament-ambiguous':
      'Several tournaments are under way on this server: name one with the `tournament` option, or use the command in its channel.',
    'tournament-channel-busy':
      'This channel already has a tournament under way: finish or cancel it first, or use another channel.',
    'tournament-changed': 'The tournament changed meanwhile; nothing was changed. Please try again.',
    'tournament-not-organiser':
      'Only its organiser, or a member who may manage events, can do that to a tournament.',
    'tournament-name-invalid': (p: Params) =>
      `A tournament's name needs at least one character, and at most ${p.max}.`,
    'tournament-rounds-swiss-only':
      'The number of rounds is for a Swiss: a round robin plays as many rounds as it takes for everyone to meet. Leave out `rounds`.',
    'tournament-double-round-robin-only':
      '`double` is for a round robin (every pairing twice, sides swapped): a Swiss never pairs the same two twice. Leave it out.',
    'tournament-started': 'The tournament has started: sign-up is closed.',
    'tournament-joined': 'You have already joined this tournament.',
    'tournament-full': (p: Params) => `The tournament is full: ${p.max} players at most.`,
    'tournament-not-joined': 'That member is not playing in this tournament.',
    'tournament-too-few': (p: Params) => `A tournament needs at least ${p.number} players to start.`,
    'tournament-no-game': 'That member has no game under way in this tournament.',
    'tournament-game-ended': 'That game has just ended: its result stands and has been recorded.',
    'tournament-over': 'This tournament is over.',
    'tournament-withdrawn': 'That member has already left the tournament.',
  } satisfies Record<ServiceFailureCode, string | ((p: Params) => string)>,

  /** Why a move is not legal, by the engine's refusal code: the engine's own words. */
  refusals: refusalMessages,

  /** Tournaments: sign-up, rounds, standings (src/tournament, commands/tournament.ts). */
  tournament: {
    format: (p: { format: 'round-robin' | 'swiss'; double: boolean }): string =>
      p.format === 'swiss' ? 'Swiss' : p.double ? 'double round robin' : 'round robin',
    rounds: (p: { rounds: number }) => n(p.rounds, 'round', 'rounds'),
    roundsByField: 'everyone meets everyone',
    signup: (p: {
      name: string;
      variant: string;
      format: string;
      rounds: string;
      time: string;
      organiser: string;
      max: number;
    }) =>
      `**${p.name}**: a ${p.format} tournament of ${p.variant} (${p.rounds}, ${p.time}), organised by **${p.organiser}**. Join with the button (${p.max} players at most); the organiser starts it. Each game is played in a thread of this channel.`,
    entrants: (p: { count: number; names: string }) =>
      p.count === 0 ? 'Nobody has joined yet.' : `${n(p.count, 'player', 'players')}: ${p.names}`,
    join: 'Join',
    leave: 'Leave',
    start: 'Start',
    signupClosed: 'Sign-up is closed: the tournament has started.',
    signupCancelled: 'The tournament was cancelled.',
    signupFinished: 'The tournament is over: the final standings are below.',
    startedBy: (p: { name: string; rounds: number }) =>
      `**${p.name}** started the tournament: ${n(p.rounds, 'round', 'rounds')}. Round 1 opens now.`,
    roundTitle: (p: { name: string; number: number; rounds: number }) =>
      `**${p.name}**, round ${p.number} of ${p.rounds}`,
    pairingLine: (p: { attackers: string; defenders: string; where: string }) =>
      `${p.attackers} (attackers) against ${p.defenders} (defenders): ${p.where}`,
    byeLine: (p: { name: string; points: number }) =>
      p.points > 0 ? `${p.name} has a bye (a point).` : `${p.name} has the round off.`,
    forfeitLine: (p: { attackers: string; defenders: string }) =>
      `${p.attackers} against ${p.defenders}: not played (a withdrawal), forfeited.`,
    threadName: (p: { number: number; attackers: string; defenders: string }) =>
      `Round ${p.number}: ${p.attackers} v ${p.defenders}`,
    gameOpening: (p: { name: string; number: number; attackersId: string; defendersId: string }) =>
      `**${p.name}**, round ${p.number}: <@${p.attackersId}> plays the attackers, <@${p.defendersId}> the defenders. Every command works here; the result goes to the tournament when the game ends.`,
    standingsAfter: (p: { name: string; round: number; rounds: number }) =>
      `**${p.name}**: standings after round ${p.round} of ${p.rounds}`,
    finalStandings: (p: { name: string }) => `**${p.name}** is over: the final standings`,
    standingsNow: (p: { name: string; round: number; rounds: number }) =>
      p.round === 0 ? `**${p.name}**: not started yet` : `**${p.name}**: round ${p.round} of ${p.rounds}`,
    winner: (p: { names: string }) => `Winner: ${p.names}.`,
    endedEarly: 'It ended early: no pairing was left without two players meeting again.',
    tiebreak: (p: { format: 'round-robin' | 'swiss' }): string =>
      p.format === 'swiss' ? 'Buchholz' : 'Sonneborn-Berger',
    tiebreakShort: (p: { format: 'round-robin' | 'swiss' }): string => (p.format === 'swiss' ? 'BH' : 'SB'),
    footer: (p: { tiebreak: string; sides: boolean }) =>
      `A win scores 1, a draw ½; ties are broken by ${p.tiebreak}. + and − are forfeits${p.sides ? '; A and D the side played, by the opponent’s place' : ''}.`,
    player: 'Player',
    points: 'Pts',
    round: (p: { number: number }) => `R${p.number}`,
    bye: 'bye',
    withdrawn: 'withdrawn',
    noPlayers: 'Nobody has joined yet.',
    withdrew: (p: { name: string; tournament: string }) =>
      `**${p.name}** withdrew from **${p.tournament}**: any game under way is forfeited, and they are paired no more.`,
    left: (p: { name: string; tournament: string }) =>
      `**${p.name}** left the sign-up of **${p.tournament}**.`,
    removed: (p: { name: string; tournament: string; by: string }) =>
      `**${p.by}** removed **${p.name}** from **${p.tournament}**: any game under way is forfeited.`,
    forfeited: (p: { name: string; by: string }) =>
      `**${p.by}** declared **${p.name}**'s game forfeited: the opponent scores the point.`,
    cancelled: (p: { name: string; by: string }) =>
      `**${p.by}** cancelled **${p.name}**: games under way end without a result, and nothing more is paired.`,
    aborted: (p: { threadId: string }) =>
      `The game in <#${p.threadId}> was ended without a result: the organiser decides with \`/tournament forfeit\`.`,
    needsManageEvents: 'Only members who may manage events can create a tournament.',
    noThreads:
      'A tournament’s games open in threads of its channel, and this channel cannot have threads: create it in a text channel.',
    created: (p: { name: string }) => `Created **${p.name}**.`,
    sideLetter: (p: { side: Side }): string => (p.side === 'attackers' ? 'A' : 'D'),
    pictureFinal: 'Final standings',
    pictureAfter: (p: { round: number; rounds: number }) => `After round ${p.round} of ${p.rounds}`,
    pictureNotStarted: 'Not started yet',
    crosstableFile: 'crosstable.png',
    crosstableDescription: (p: { name: string }) => `The crosstable of ${p.name}`,
  },
  /** Puzzles (src/puzzles, commands/puzzle.ts). */
  puzzles: {
    /** What the solver is to find: "Defenders to move: the king escapes in 2." */
    goal: (p: { side: Side; theme: 'escape' | 'king-capture' | 'material'; moves: number }): string => {
      const who = p.side === 'attackers' ? 'Attackers' : 'Defenders';
      const what = {
        escape: 'the king escapes',
        'king-capture': 'capture the king',
        material: 'win two pieces',
      }[p.theme];
      return `${who} to move: ${what} in ${p.moves}.`;
    },
    title: (p: { id: string; rating: number; variant: string }) =>
      `**Puzzle ${p.id}** · ${p.variant} · rating ${p.rating}`,
    howToAnswer:
      'Answer with `/puzzle move` (your legal moves are suggested); `/puzzle hint` shows the piece to move.',
    setAside: (p: { id: string }) => `Puzzle ${p.id}, left after a move or a hint, counts as not solved.`,
    you: 'You',
    bot: 'The bot',
    note: (p: { id: string }) => `puzzle ${p.id}`,
    played: (p: { move: string }) => `You played **${p.move}**.`,
    defended: (p: { move: string }) => `The bot answers **${p.move}**.`,
    solved: (p: { id: string }) => `**Solved!** Puzzle ${p.id} is done.`,
    solvedWithHint: 'Solved with a hint: it counts half.',
    failed: (p: { move: string; winning: string }) =>
      `**Not this one.** You played **${p.move}**; the winning move was **${p.winning}**.`,
    solution: (p: { line: string }) => `The line: ${p.line}.`,
    ratingChange: (p: { before: number; after: number }) => `Your puzzle rating: ${p.before} → ${p.after}.`,
    hint: (p: { square: string }) =>
      `Hint: move the piece on **${p.square}**. (A solve after a hint counts half.)`,
    dailyTitle: (p: { day: string; id: string; rating: number; variant: string }) =>
      `**Puzzle of the day, ${p.day}** · ${p.variant} · ${p.id} · rating ${p.rating}`,
    dailyHowTo:
      'Everyone gets one try: `/puzzle daily` starts yours, then answer privately with `/puzzle move`.',
    solvers: (p: { names: string }) => `Solved by ${p.names}.`,
    noSolvers: 'Nobody has solved it yet.',
    firstMark: 'first',
    hintMark: 'with a hint',
    serverStreak: (p: { days: number }) => `This server’s streak: ${n(p.days, 'day', 'days')}.`,
    yourDaily: (p: { status: 'new' | 'open' | 'solved' | 'failed' }): string =>
      ({
        new: 'Your try has started.',
        open: 'Your try is under way.',
        solved: 'You solved it.',
        failed: 'You did not solve it today.',
      })[p.status],
    dailySolvedBy: (p: { name: string; first: boolean; streak: number }) =>
      `**${p.name}** solved today’s puzzle${p.first ? ', the first to do so' : ''}. This server’s streak: ${n(p.streak, 'day', 'days')}.`,
    yourStreak: (p: { days: number }) => `Your daily streak: ${n(p.days, 'day', 'days')}.`,
    setupDone: (p: { channelId: string; hour: number; variant: string; next: string }) =>
      `The puzzle of the day will be posted in <#${p.channelId}> at ${String(p.hour).padStart(2, '0')}:00 UTC, from the puzzles of ${p.variant}. The next: ${p.next}.`,
    stopped: (p: { channelId: string }) =>
      `The puzzle of the day is no longer posted in <#${p.channelId}>; \`/puzzle daily\` still shows it.`,
    needsManageServer: 'Only members who may manage the server can set up or stop the daily puzzle.',
    cannotPostThere: (p: { channelId: string }) =>
      `I cannot post pictures in <#${p.channelId}>: give me View Channel, Send Messages and Attach Files there, or choose another channel.`,
    notATextChannel: 'The daily puzzle needs a text channel of this server.',
    tableTitle: 'Puzzle table',
    noSolvesYet: 'Nobody has tried a puzzle yet. Start with `/puzzle new`.',
    tableHead: ' #  Member            Rating  Solved Failed First Streak',
    tableFooter: (p: { streak: number; best: number }) =>
      `Glicko-2 puzzle ratings, apart from game ratings (? while provisional). This server’s daily streak: ${n(p.streak, 'day', 'days')}, the best ${n(p.best, 'day', 'days')}.`,
    failures: {
      'no-puzzles': 'There are no puzzles yet.',
      'no-puzzles-for-variant': (p: Params) =>
        `There are no puzzles for "${p.variant}": puzzles are made for ${p.choices}.`,
      'no-puzzle-open': 'You have no puzzle open: start one with `/puzzle new` or `/puzzle daily`.',
      'puzzle-changed':
        'Your puzzle changed meanwhile (another command was handled first); nothing was changed.',
      busy: 'The server is busy recording other results; nothing was changed. Please try again.',
      'bad-hour': 'The hour must be a whole number from 0 to 23 (UTC).',
      'no-daily-setup': 'The daily puzzle is not posted here: `/puzzle setup` chooses a channel.',
      'store-unavailable':
        'The game store is unreachable right now, so nothing was changed. Please try again in a moment.',
      'store-silent':
        'The game store stopped answering while saving this, so it may or may not have been recorded. Look again in a moment.',
    },
  },
};

export type Messages = typeof en;
