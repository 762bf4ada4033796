/** How puzzles look in Discord: the picture and the words of each answer, in the reader's language. */
import { AttachmentBuilder } from 'discord.js';
import { type Game, getVariant, type Side, type VariantId } from '../../engine/index.ts';
import type { Messages } from '../../i18n/index.ts';
import type { Puzzle } from '../../puzzles/puzzle-file.ts';
import type { DailyView } from '../../puzzles/service.ts';
import type { MoveResult, PuzzleFailure, ShownPuzzle } from '../../puzzles/types.ts';
import { type BoardView, DEFAULT_VIEW, renderBoard } from '../../render/index.ts';
import { LIMITS, listWithin } from '../discord/discord-limits.ts';
import { paramsAsText, safeName } from './present.ts';

export const PUZZLE_FILE = 'puzzle.png';

/**
 * The puzzle's picture: the solver's side named "You", the other "The bot". The flags for a king
 * who can escape or be taken are left out: on a puzzle they would give the answer away. Drawn in
 * the view of the member it answers (/settings); the daily post, for no one member, in the default.
 */
export function puzzlePicture(
  m: Messages,
  puzzle: Puzzle,
  game: Game,
  view: BoardView = DEFAULT_VIEW,
): Promise<AttachmentBuilder> {
  return solverPicture(
    game,
    puzzle.sideToMove,
    {
      you: m.puzzles.you,
      other: m.puzzles.bot,
      note: m.puzzles.note({ id: puzzle.id }),
      description: `Tafl puzzle ${puzzle.id}`,
      messages: m,
    },
    view,
  );
}

/**
 * A puzzle's board for its solver (`solver`'s side named `you`), without the threat flags, in
 * the solver's view; the caption's move number is the game's (`moveNumber`), when the position
 * comes from one.
 */
export async function solverPicture(
  game: Game,
  solver: Side,
  words: {
    you: string;
    other: string;
    note: string;
    description: string;
    messages: Messages;
    moveNumber?: number;
  },
  view: BoardView = DEFAULT_VIEW,
): Promise<AttachmentBuilder> {
  const snapshot = game.snapshot();
  snapshot.threats = { kingCanEscape: false, kingCanBeCaptured: false };
  if (words.moveNumber !== undefined) snapshot.moveNumber = words.moveNumber;
  const players =
    solver === 'attackers'
      ? { attackers: words.you, defenders: words.other }
      : { attackers: words.other, defenders: words.you };
  const picture = await renderBoard(snapshot, players, {
    note: words.note,
    messages: words.messages,
    view,
  });
  return new AttachmentBuilder(picture, { name: PUZZLE_FILE, description: words.description });
}

/** "Defenders to move: the king escapes in 2." with the moves the solver has left. */
export function goalText(m: Messages, puzzle: Puzzle, plies = 0): string {
  return m.puzzles.goal({ side: puzzle.sideToMove, theme: puzzle.theme, moves: puzzle.depth - plies / 2 });
}

const variantName = (m: Messages, shown: { variant: VariantId }) => m.variantName(getVariant(shown.variant));

/** A new puzzle, or the one under way: title, what to find, how to answer. */
export function puzzleText(m: Messages, shown: ShownPuzzle, abandoned?: Puzzle | null): string {
  const { puzzle, rating, attempt } = shown;
  return [
    ...(abandoned ? [m.puzzles.setAside({ id: abandoned.id })] : []),
    m.puzzles.title({ id: puzzle.id, rating, variant: variantName(m, shown) }),
    `**${goalText(m, puzzle, attempt.plies)}**`,
    m.puzzles.howToAnswer,
  ].join('\n');
}

/** What a move did: the bot's answer and what is left, or solved, or failed with the winning move. */
export function moveText(m: Messages, result: MoveResult): string {
  const { puzzle } = result;
  const lines: string[] = [];
  const move = `${result.played.from}-${result.played.to}`;
  if (result.status === 'failed') {
    lines.push(m.puzzles.failed({ move, winning: result.winningMove ?? '' }));
    lines.push(m.puzzles.solution({ line: puzzle.line.join(', ') }));
  } else {
    lines.push(
      `${m.puzzles.played({ move })}${result.defence ? ` ${m.puzzles.defended({ move: `${result.defence.from}-${result.defence.to}` })}` : ''}`,
    );
    if (result.status === 'continue') lines.push(`**${goalText(m, puzzle, result.attempt.plies)}**`);
    else {
      lines.push(m.puzzles.solved({ id: puzzle.id }));
      if (result.attempt.hint) lines.push(m.puzzles.solvedWithHint);
    }
  }
  if (result.change) lines.push(m.puzzles.ratingChange(result.change));
  if (result.daily && result.status === 'solved')
    lines.push(m.puzzles.yourStreak({ days: result.daily.memberStreak }));
  return lines.join('\n');
}

/** The day's puzzle, as everyone sees it: title, what to find, who solved it, the streak. */
export function dailyText(
  m: Messages,
  view: Omit<DailyView, 'status'> & { status?: DailyView['status'] },
): string {
  const { puzzle } = view;
  const solvers = view.solvers.map((solver, index) => {
    const firstClean = view.solvers.findIndex((candidate) => !candidate.hint) === index;
    const marks = [firstClean ? m.puzzles.firstMark : '', solver.hint ? m.puzzles.hintMark : ''].filter(
      Boolean,
    );
    return `**${safeName(solver.name)}**${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`;
  });
  const head = [
    m.puzzles.dailyTitle({
      day: view.day,
      id: puzzle.id,
      rating: view.rating,
      variant: variantName(m, view),
    }),
    `**${goalText(m, puzzle)}**`,
    m.puzzles.dailyHowTo,
  ];
  const tail = [
    ...(view.serverStreak > 0 ? [m.puzzles.serverStreak({ days: view.serverStreak })] : []),
    ...(view.status ? [m.puzzles.yourDaily({ status: view.status })] : []),
  ];
  // Every solver of a busy day does not fit in one message: as many as fit, then how many more.
  const room = LIMITS.content - [...head, ...tail, m.puzzles.solvers({ names: '' })].join('\n').length - 1;
  const names = listWithin(solvers, ', ', room, (number) => m.andMore({ number }));
  return [...head, solvers.length > 0 ? m.puzzles.solvers({ names }) : m.puzzles.noSolvers, ...tail].join(
    '\n',
  );
}

/** A refusal of the puzzles, or of the engine for a move, in the member's language. */
export function puzzleFailureText(m: Messages, failure: PuzzleFailure): string {
  if (failure.code in m.refusals) {
    const refusal = m.refusals[failure.code as keyof Messages['refusals']] as (p: object) => string;
    return refusal(paramsAsText(failure.params));
  }
  const text = m.puzzles.failures[failure.code as keyof Messages['puzzles']['failures']];
  return typeof text === 'function' ? text(paramsAsText(failure.params)) : text;
}
