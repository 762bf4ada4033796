/**
 * How members' own mistakes look as puzzles in Discord: the Practise button under a review, a
 * puzzle shown (what to find, what the game played, how to answer, its board), an answer judged,
 * and refusals, in the member's language. Every one is private to the member who asked; the
 * button and `/puzzle mine` are answered by commands/puzzle.ts.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { Messages } from '../../i18n/index.ts';
import type { PracticeRefusal } from '../../i18n/practice.ts';
import type { PersonalFailureCode } from '../../puzzles/failures.ts';
import { isMistake } from '../../puzzles/personal.ts';
import type { AnswerResult, PersonalFailure, ShownPersonal } from '../../puzzles/personal-service.ts';
import type { BoardView } from '../../render/view.ts';
import { customId } from '../custom-ids.ts';
import { type Answer, privateReply } from '../discord/respond.ts';
import { safeName, variantNameText } from './present.ts';
import { puzzleFailureText, solverPicture } from './puzzle-messages.ts';

/** The button under a review, when someone made a mistake or a blunder in the game. */
export function practiceButtons(
  m: Messages,
  gameId: string,
  review: { moves: { verdict: string | null }[] },
): ActionRowBuilder<ButtonBuilder>[] {
  if (!review.moves.some((move) => isMistake(move.verdict))) return [];
  const button = new ButtonBuilder()
    .setCustomId(customId({ kind: 'practice', gameId }))
    .setLabel(m.practice.button)
    .setStyle(ButtonStyle.Secondary);
  return [new ActionRowBuilder<ButtonBuilder>().addComponents(button)];
}

/** A puzzle shown: what to find, what was played in the game, how to answer; and its picture, in the member's view. */
export async function shownReply(
  m: Messages,
  shown: ShownPersonal,
  { head, view }: { head?: string; view?: BoardView } = {},
): Promise<Answer> {
  const { puzzle } = shown;
  const text = [
    ...(head ? [head] : []),
    m.practice.title({
      variant: variantNameText(m, shown.game.variant),
      gameId: puzzle.gameId,
      move: Math.ceil(puzzle.ply / 2),
    }),
    `**${m.practice.goal({ side: puzzle.side })}**`,
    m.practice.inTheGame({ move: puzzle.played, verdict: puzzle.verdict }),
    m.practice.due({ count: shown.due }),
    m.practice.howToAnswer,
  ].join('\n');
  return privateReply(text, { files: [await practicePicture(m, shown, view)] });
}

/** The answer judged: solved or not against the AI's choice, what the game's move allowed, when it comes back. */
export function answerText(m: Messages, result: AnswerResult): string {
  const { puzzle, rating, next } = result;
  const move = `${result.answer.from}-${result.answer.to}`;
  const lines = [
    rating.solved
      ? m.practice.solved({ move, best: rating.best })
      : m.practice.failed({ move, best: rating.best, shortfall: `−${(rating.shortfall / 100).toFixed(1)}` }),
  ];
  if (puzzle.refutation && puzzle.refutation.line.length > 0)
    lines.push(
      m.practice.allowed({
        allowed: puzzle.refutation.allowed,
        side: puzzle.side,
        played: puzzle.played,
        line: puzzle.refutation.line.map((step) => `**${step}**`).join(', '),
      }),
    );
  lines.push(next.retired ? m.practice.retired : m.practice.again({ days: next.days, date: next.due }));
  if (result.due > 0) lines.push(m.practice.moreDue({ count: result.due }));
  return lines.join('\n');
}

/** The puzzle's board in the member's view, its caption counting the moves of its game. */
export function practicePicture(
  m: Messages,
  shown: { puzzle: ShownPersonal['puzzle']; game: ShownPersonal['game'] },
  view?: BoardView,
) {
  const { puzzle, game } = shown;
  return solverPicture(
    game,
    puzzle.side,
    {
      you: m.practice.you,
      other: m.practice.opponent,
      note: m.practice.note({ gameId: puzzle.gameId }),
      description: `Your tafl mistake, game ${puzzle.gameId} move ${Math.ceil(puzzle.ply / 2)}`,
      messages: m,
      // The position is the game's before ply `puzzle.ply`; `game` has the answer played, if any.
      moveNumber: Math.ceil((puzzle.ply + game.plyCount) / 2),
    },
    view,
  );
}

const OWN_CODES: readonly PersonalFailureCode[] = [
  'not-a-player',
  'no-mistakes',
  'no-personal-puzzles',
  'nothing-due',
  'no-personal-open',
  'personal-answered',
];

/** A refusal of the personal puzzles, of the store or of the engine, in the member's language. */
export function practiceFailureText(m: Messages, failure: PersonalFailure): string {
  const { code, params } = failure;
  if (!OWN_CODES.includes(code as PersonalFailureCode))
    return puzzleFailureText(m, failure as Parameters<typeof puzzleFailureText>[1]);
  if (code === 'nothing-due') return m.practice.nothingDue({ date: String(params.next ?? '') });
  if (code === 'not-a-player')
    return m.practice.notAPlayer({
      attackers: safeName(String(params.attackers ?? '')),
      defenders: safeName(String(params.defenders ?? '')),
    });
  return m.practice.refusals[code as PracticeRefusal];
}
