/** The texts of game messages: who played what, who is to move, how a game ended, in the reader's language. */
import type { GameResult, PlayedMove, Side } from '../../engine/index.ts';
import { timeLeft } from '../../game/fischer.ts';
import { scoreOfMatch } from '../../game/match.ts';
import type { ActiveGame } from '../../game/service.ts';
import { clockTime } from '../../game/vacation-clock.ts';
import { gamesMessagesFor } from '../../i18n/games.ts';
import { type Messages, resultText } from '../../i18n/index.ts';
import { lobbyMessagesFor } from '../../i18n/lobby.ts';
import { safeName, variantNameText } from './present.ts';

/**
 * A Fischer clock's times at `at` (default: as the turn began, what a move's message shows), or
 * none without one.
 */
export function clocksAt(active: ActiveGame, at?: number): Record<Side, number> | undefined {
  const fischer = active.game.result ? undefined : active.clock?.fischer;
  if (!fischer) return undefined;
  // A clock that stands (its player away) reads as it stopped.
  const when = at === undefined ? fischer.since : clockTime(active.clock, at);
  return { attackers: timeLeft(fischer, 'attackers', when), defenders: timeLeft(fischer, 'defenders', when) };
}

/** "Alice (defenders) to move" with a mention, or the result; a Fischer game's clocks at `now` (default: the turn's start). */
export function situation(m: Messages, active: ActiveGame, mention: boolean, now?: number): string {
  const { game } = active;
  if (game.result) return resultLine(m, active, game.result);
  const toMove = active.players[game.turn];
  const who = mention ? `<@${toMove.id}>` : `**${safeName(toMove.name)}**`;
  const when = active.clock ? `<t:${Math.floor(active.clock.deadline / 1000)}:R>` : '';
  // A Fischer clock: both sides' times as the turn began, and when the side to move runs out.
  const clocks = clocksAt(active, now);
  const deadline = `${clocks ? ` ${m.clock.clocks(clocks)}` : ''}${deadlineText(m, active, when)}`;
  const match = active.match && game.plyCount === 0 ? ` ${matchStanding(m, active)}`.trimEnd() : '';
  return `${m.toMove({ who, side: game.turn })}${deadline}${match}`;
}

/**
 * When the side to move's time runs out (` Deadline <t:…:R>.`), or that their clock stands while
 * they are away; nothing without a clock.
 */
export function deadlineText(m: Messages, active: ActiveGame, when: string): string {
  const { clock } = active;
  if (!clock) return '';
  if (clock.pausedAt !== undefined)
    return ` ${lobbyMessagesFor(m.language).clockStands({ name: safeName(active.players[active.game.turn].name) })}`;
  return ` ${clock.fischer ? m.clock.runsOut({ when }) : m.deadline({ when })}`;
}

function resultLine(m: Messages, active: ActiveGame, result: GameResult): string {
  const verdict = result.winner
    ? m.wins({ name: safeName(active.players[result.winner].name), side: result.winner })
    : m.drawn;
  const match = active.match?.game === 1 ? ` ${m.firstGameOver}` : '';
  const final = active.match?.game === 2 ? ` ${matchOutcome(m, active)}` : '';
  const description = resultText(m, result, active.game.variant.end.repetition, active.game.turn);
  // A casual game's end changed no rating: its result says so.
  const casual = active.casual ? ` ${gamesMessagesFor(m.language).casualGame}` : '';
  return `${m.gameOver({ result: description, verdict })}${match}${final}${casual}`;
}

/** A short label for captions: which game of a match this is. */
export function matchLabel(m: Messages, active: ActiveGame): string | undefined {
  return active.match ? m.matchLabel({ game: active.match.game }) : undefined;
}

/** The match as it stands after game 1, for game 2's messages. */
function matchStanding(m: Messages, active: ActiveGame): string {
  const first = active.match?.first;
  if (!first) return '';
  if (!first.winner) return m.firstGameDrawn;
  const winner = [first.players.attackers, first.players.defenders].find(
    (player) => player.id === first.winner,
  );
  return m.wonFirstGame({ name: safeName(winner?.name ?? 'someone'), moves: first.winnerMoves });
}

/** Who takes the match when game 2 ends. */
function matchOutcome(m: Messages, active: ActiveGame): string {
  const score = active.match
    ? scoreOfMatch(active.match, active.players, active.game, (player) => safeName(player.name))
    : null;
  if (!score) return '';
  const why = m.matchReason(score.reason);
  return score.winner ? m.takesTheMatch({ name: score.winner, why }) : m.matchDrawn({ why });
}

export function moveLine(m: Messages, active: ActiveGame, move: PlayedMove): string {
  return m.played({
    name: safeName(active.players[move.side].name),
    side: move.side,
    move: move.notation,
    captured: move.captured.length,
  });
}

export function gameTitle(m: Messages, active: ActiveGame): string {
  const { attackers, defenders } = active.players;
  return m.gameTitle({
    variant: variantNameText(m, active.game.variant),
    attackers: safeName(attackers.name),
    defenders: safeName(defenders.name),
  });
}

/** The message that opens game 2 of a match, when game 1 has just ended. */
export function matchContinues(m: Messages, next: ActiveGame): string {
  return m.secondGame({ title: gameTitle(m, next), situation: situation(m, next, true) });
}
