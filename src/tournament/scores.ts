/**
 * Points and tiebreaks from a tournament's rounds: 1 for a win (a forfeit won, a Swiss bye), ½ a
 * draw; ties broken by Sonneborn-Berger in a round robin (the points of the players one beat,
 * half those of the ones one drew with) and by Buchholz in a Swiss (the points of one's opponents).
 */
import type { Side } from '../engine/index.ts';
import type { Entrant, Format, Round, TournamentDoc } from './types.ts';

/** One player's game (or bye) in a round, from their side of the board. */
export interface Encounter {
  round: number;
  /** null: a bye. */
  opponent: string | null;
  side: Side | null;
  /** Their points from it; null while it is being played. */
  points: number | null;
  how: 'played' | 'forfeit' | 'bye' | 'pending';
}

export interface PlayerRecord {
  id: string;
  name: string;
  seed: number;
  withdrawn: Entrant['withdrawn'];
  score: number;
  tiebreak: number;
  encounters: Encounter[];
  /** Opponents met (forfeits included), for pairings. */
  opponents: string[];
  /** Sides of the games played over the board, in order. */
  sides: Side[];
  hadBye: boolean;
}

export function records(
  players: readonly Entrant[],
  rounds: readonly Round[],
  format: Format,
): PlayerRecord[] {
  const byId = new Map<string, PlayerRecord>(
    players.map((player) => [
      player.id,
      {
        id: player.id,
        name: player.name,
        seed: player.seed,
        withdrawn: player.withdrawn,
        score: 0,
        tiebreak: 0,
        encounters: [],
        opponents: [],
        sides: [],
        hadBye: false,
      },
    ]),
  );
  for (const round of rounds) {
    for (const pairing of round.pairings) {
      const { attackers, defenders, result } = pairing;
      const first = byId.get(attackers);
      if (defenders === null) {
        if (!first) continue;
        first.hadBye = true;
        first.encounters.push({
          round: round.number,
          opponent: null,
          side: null,
          points: result?.attackers ?? 0,
          how: 'bye',
        });
        first.score += result?.attackers ?? 0;
        continue;
      }
      const second = byId.get(defenders);
      for (const [player, opponent, side] of [
        [first, defenders, 'attackers'],
        [second, attackers, 'defenders'],
      ] as const) {
        if (!player) continue;
        const points = result ? result[side] : null;
        player.opponents.push(opponent);
        if (!result || result.how === 'played') player.sides.push(side);
        player.encounters.push({
          round: round.number,
          opponent,
          side,
          points,
          how: result?.how ?? 'pending',
        });
        player.score += points ?? 0;
      }
    }
  }
  const all = [...byId.values()];
  for (const player of all) {
    let tiebreak = 0;
    for (const { opponent, points } of player.encounters) {
      if (opponent === null || points === null) continue;
      const theirs = byId.get(opponent)?.score ?? 0;
      tiebreak += format === 'swiss' ? theirs : points * theirs;
    }
    player.tiebreak = tiebreak;
  }
  return all;
}

/** Players in order: points, then the tiebreak, then seed. */
export function standings(doc: Pick<TournamentDoc, 'players' | 'played' | 'format'>): PlayerRecord[] {
  return records(doc.players, doc.played, doc.format).sort(
    (a, b) => b.score - a.score || b.tiebreak - a.tiebreak || a.seed - b.seed,
  );
}
