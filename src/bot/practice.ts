/**
 * Members' own mistakes as puzzles, in Discord: the button under a review (`practice:<game id>`,
 * the game's id only: who may practise is read from its archive, never from the id) and
 * `/puzzle mine [move]`. Every answer is private to the member who asked.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { Player } from '../game/types.ts';
import type { Messages } from '../i18n/index.ts';
import type { PracticeRefusal } from '../i18n/practice.ts';
import { isMistake } from '../puzzles/personal.ts';
import type {
  AnswerResult,
  PersonalFailure,
  PersonalFailureCode,
  ShownPersonal,
} from '../puzzles/personal-service.ts';
import type { BotContext } from './command.ts';
import { messagesOf, playerOf, safeName, variantNameText } from './present.ts';
import { puzzleFailureText, solverPicture } from './puzzle-messages.ts';
import { type Answer, answer, privateAnswer, privateReply } from './respond.ts';

export const PRACTICE_BUTTON_PREFIX = 'practice';
const BUTTON = /^practice:([\w-]{1,64})$/;

/** The button under a review, when someone made a mistake or a blunder in the game. */
export function practiceButtons(
  m: Messages,
  gameId: string,
  review: { moves: { verdict: string | null }[] },
): ActionRowBuilder<ButtonBuilder>[] {
  if (!review.moves.some((move) => isMistake(move.verdict))) return [];
  const button = new ButtonBuilder()
    .setCustomId(`${PRACTICE_BUTTON_PREFIX}:${gameId}`)
    .setLabel(m.practice.button)
    .setStyle(ButtonStyle.Secondary);
  return [new ActionRowBuilder<ButtonBuilder>().addComponents(button)];
}

/** The review's button: the presser's mistakes in the game become their puzzles; the first due is shown. */
export async function practiceButton(interaction: ButtonInteraction, { service, puzzles }: BotContext) {
  const m = messagesOf(interaction);
  await answer(interaction, async (): Promise<Answer> => {
    const gameId = BUTTON.exec(interaction.customId)?.[1];
    const guildId = interaction.guildId;
    if (!gameId || !guildId) return privateAnswer(m.buttonNotOurs);
    const archived = await service.archived(guildId, gameId);
    const review = archived && (await service.review(guildId, gameId));
    if (!archived || !review) return privateAnswer(m.practice.refusals['game-gone']);
    const outcome = await puzzles.puzzles.personal.practise(guildId, playerOf(interaction), {
      gameId,
      game: service.gameOf(archived),
      players: archived.players,
      review,
    });
    if (!outcome.ok) return privateAnswer(failureText(m, outcome));
    const { added, shown, next } = outcome.value;
    const head = m.practice.added({ count: added });
    if (!shown) return privateReply([head, m.practice.nothingDue({ date: next ?? '' })].join('\n'));
    return shownReply(m, shown, head);
  });
}

/** `/puzzle mine`: the member's next puzzle due; with a move, their answer to the one open. */
export async function mine(
  interaction: ChatInputCommandInteraction,
  { puzzles, practice }: BotContext,
  guildId: string,
): Promise<Answer> {
  const m = messagesOf(interaction);
  const player: Player = playerOf(interaction);
  const personal = puzzles.puzzles.personal;
  const move = interaction.options.getString('move');
  if (move === null) {
    const outcome = await personal.next(guildId, player.id);
    return outcome.ok ? shownReply(m, outcome.value) : privateAnswer(failureText(m, outcome));
  }
  const admitted = practice.admit(player.id);
  if (typeof admitted === 'string') return privateAnswer(m.practice.refusals[admitted]);
  try {
    const outcome = await personal.answer(guildId, player, move, practice.think);
    if (!outcome.ok) return privateAnswer(failureText(m, outcome));
    return privateReply(answerText(m, outcome.value), { files: [await picture(m, outcome.value)] });
  } finally {
    admitted();
  }
}

/** A puzzle shown: what to find, what was played in the game, how to answer; and its picture. */
async function shownReply(m: Messages, shown: ShownPersonal, head?: string): Promise<Answer> {
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
  return privateReply(text, { files: [await picture(m, shown)] });
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

/** The puzzle's board, its caption counting the moves of its game. */
function picture(m: Messages, shown: { puzzle: ShownPersonal['puzzle']; game: ShownPersonal['game'] }) {
  const { puzzle, game } = shown;
  return solverPicture(game, puzzle.side, {
    you: m.practice.you,
    other: m.practice.opponent,
    note: m.practice.note({ gameId: puzzle.gameId }),
    description: `Your tafl mistake, game ${puzzle.gameId} move ${Math.ceil(puzzle.ply / 2)}`,
    messages: m,
    // The position is the game's before ply `puzzle.ply`; `game` has the answer played, if any.
    moveNumber: Math.ceil((puzzle.ply + game.plyCount) / 2),
  });
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
function failureText(m: Messages, failure: PersonalFailure): string {
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
