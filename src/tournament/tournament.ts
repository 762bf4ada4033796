/**
 * A tournament's life as pure steps on its document: sign-up, the start, results and forfeits,
 * and the rounds that follow when one is complete. No store, no clock of its own: the service
 * reads the document, takes a step, and commits it by compare-and-set, so that each step happens
 * once however many processes try it at the same instant.
 */
import type { Player } from '../core/players.ts';
import { failure, success, type TournamentOutcome } from './failures.ts';
import { roundRobin } from './round-robin.ts';
import { records, standings } from './scores.ts';
import { pairSwiss, SwissPairingError } from './swiss.ts';
import type { Pairing, PairingResult, Round, TournamentDoc } from './types.ts';

export const MAX_PLAYERS = 64;
export const MIN_PLAYERS = 2;
export const MAX_NAME_LENGTH = 60;
/** A Swiss of more rounds than this would be a round robin. */
export const MAX_SWISS_ROUNDS = 63;

/** What a step did beyond changing the document: rounds completed and the round opened or the end. */
export interface Progress {
  completed: number[];
  /** A round paired, whose threads and games are to be opened. */
  opened: number | null;
  finished: boolean;
}

const noProgress = (): Progress => ({ completed: [], opened: null, finished: false });

export function join(doc: TournamentDoc, player: Player): TournamentOutcome<TournamentDoc> {
  if (doc.status !== 'signup') return failure('tournament-started');
  if (doc.players.some((entrant) => entrant.id === player.id)) return failure('tournament-joined');
  if (doc.players.length >= MAX_PLAYERS) return failure('tournament-full', { max: MAX_PLAYERS });
  return success({
    ...doc,
    players: [...doc.players, { id: player.id, name: player.name, seed: doc.players.length }],
  });
}

export function leave(doc: TournamentDoc, playerId: string): TournamentOutcome<TournamentDoc> {
  if (doc.status !== 'signup') return failure('tournament-started');
  if (!doc.players.some((entrant) => entrant.id === playerId)) return failure('tournament-not-joined');
  return success({
    ...doc,
    players: doc.players
      .filter((entrant) => entrant.id !== playerId)
      .map((entrant, seed) => ({ ...entrant, seed })),
  });
}

/** The Swiss's rounds for a field: as asked, at most what the field allows without repeats; else log2 of the field. */
export function swissRounds(asked: number | null | undefined, players: number): number {
  const most = players % 2 === 0 ? players - 1 : players;
  const wanted = asked ?? Math.max(1, Math.ceil(Math.log2(players)));
  return Math.max(1, Math.min(wanted, most));
}

/** The start: the field is seeded as it joined, round 1 is paired. */
export function start(doc: TournamentDoc): TournamentOutcome<{ doc: TournamentDoc; progress: Progress }> {
  if (doc.status !== 'signup') return failure('tournament-started');
  if (doc.players.length < MIN_PLAYERS) return failure('tournament-too-few', { number: MIN_PLAYERS });
  const started: TournamentDoc = { ...doc, status: 'running', played: [] };
  if (doc.format === 'round-robin') {
    started.schedule = roundRobin(doc.players.length, { double: doc.double });
    started.rounds = started.schedule.length;
  } else {
    started.rounds = swissRounds(doc.roundsAsked, doc.players.length);
  }
  const progress = noProgress();
  return success({ doc: advance(started, progress), progress });
}

/**
 * Pairs the next round while the last one is complete (or there is none yet), or ends the
 * tournament after its last. A round whose every game is forfeited is complete at once.
 */
export function advance(doc: TournamentDoc, progress: Progress): TournamentDoc {
  let next = doc;
  for (;;) {
    if (next.status !== 'running') return next;
    const last = next.played.at(-1);
    if (last && !last.pairings.every((pairing) => pairing.result)) return next;
    if (last && last.status !== 'complete') {
      next = withRound(next, last.number, { ...last, status: 'complete' });
      progress.completed.push(last.number);
    }
    if (next.played.length >= next.rounds) {
      progress.finished = true;
      return { ...next, status: 'finished' };
    }
    const paired = pairRound(next);
    if (!paired) {
      progress.finished = true;
      return { ...next, status: 'finished', endedEarly: true };
    }
    next = { ...next, played: [...next.played, paired] };
    if (paired.pairings.every((pairing) => pairing.result)) continue;
    progress.opened = paired.number;
  }
}

/** The next round's pairings, byes and forfeits of withdrawn players already settled; null when none can be made. */
function pairRound(doc: TournamentDoc): Round | null {
  const number = doc.played.length + 1;
  const withdrawn = new Set(doc.players.filter((p) => p.withdrawn).map((p) => p.id));
  let pairings: Pairing[];
  if (doc.format === 'round-robin') {
    const seeds = new Map(doc.players.map((player) => [player.seed, player.id]));
    pairings = (doc.schedule?.[number - 1] ?? []).map(({ attackers, defenders }) => ({
      attackers: seeds.get(attackers) ?? '',
      defenders: defenders === null ? null : (seeds.get(defenders) ?? ''),
    }));
  } else {
    const field = records(doc.players, doc.played, doc.format).filter((record) => !record.withdrawn);
    if (field.length < 2) return null;
    try {
      const paired = pairSwiss(field, doc.rounds - number);
      pairings = paired.pairings.map(({ attackers, defenders }) => ({ attackers, defenders }));
      if (paired.bye) pairings.push({ attackers: paired.bye, defenders: null });
    } catch (error) {
      if (error instanceof SwissPairingError) return null;
      throw error;
    }
  }
  const settled = pairings.map((pairing): Pairing => {
    if (pairing.defenders === null) {
      // A Swiss bye scores a point; a round robin's bye is just the round off.
      const point = doc.format === 'swiss' && !withdrawn.has(pairing.attackers) ? 1 : 0;
      return { ...pairing, result: { attackers: point, defenders: 0, how: 'bye' } };
    }
    const gone = (id: string) => withdrawn.has(id);
    if (gone(pairing.attackers) || gone(pairing.defenders))
      return { ...pairing, result: forfeitResult(pairing, withdrawn) };
    return pairing;
  });
  return { number, status: 'opening', pairings: settled };
}

/** A forfeit: whoever is gone (in `losers`) scores nothing, the other the point. */
function forfeitResult(pairing: Pairing, losers: ReadonlySet<string>): PairingResult {
  return {
    attackers: losers.has(pairing.attackers) ? 0 : 1,
    defenders: pairing.defenders !== null && losers.has(pairing.defenders) ? 0 : 1,
    how: 'forfeit',
  };
}

function withRound(doc: TournamentDoc, number: number, round: Round): TournamentDoc {
  return { ...doc, played: doc.played.map((r) => (r.number === number ? round : r)) };
}

/** Where a pairing is: its round and its place in the round. */
export interface PairingPlace {
  round: number;
  index: number;
}

/** The pairing of `round` between these two players (either way round). */
export function pairingOf(
  doc: TournamentDoc,
  round: number,
  players: readonly string[],
): PairingPlace | null {
  const pairings = doc.played.find((r) => r.number === round)?.pairings ?? [];
  const index = pairings.findIndex(
    (p) => p.defenders !== null && players.includes(p.attackers) && players.includes(p.defenders),
  );
  return index < 0 ? null : { round, index };
}

/** The player's pairing in the round under way that has no result yet. */
export function pendingPairing(
  doc: TournamentDoc,
  playerId: string,
): (PairingPlace & { pairing: Pairing }) | null {
  const round = doc.played.at(-1);
  if (!round || doc.status !== 'running') return null;
  const index = round.pairings.findIndex(
    (p) => !p.result && (p.attackers === playerId || p.defenders === playerId),
  );
  return index < 0 ? null : { round: round.number, index, pairing: round.pairings[index] };
}

/** Changes one pairing. */
export function withPairing(
  doc: TournamentDoc,
  { round, index }: PairingPlace,
  change: (pairing: Pairing) => Pairing,
): TournamentDoc {
  const found = doc.played.find((r) => r.number === round);
  if (!found) return doc;
  return withRound(doc, round, {
    ...found,
    pairings: found.pairings.map((pairing, i) => (i === index ? change(pairing) : pairing)),
  });
}

/**
 * A finished game's result, recorded once: by its id when the pairing knows it, else by its
 * round and players. Nothing changes when the pairing already has a result (a forfeit came first,
 * or this game was recorded already).
 */
export function recordGame(
  doc: TournamentDoc,
  game: {
    id: string;
    round: number;
    players: { attackers: string; defenders: string };
    /** The winning side, or null for a draw. */
    winner: 'attackers' | 'defenders' | null;
    reason: string;
  },
): { doc: TournamentDoc; recorded: boolean; progress: Progress } {
  const progress = noProgress();
  if (doc.status !== 'running') return { doc, recorded: false, progress };
  const place = pairingOf(doc, game.round, [game.players.attackers, game.players.defenders]);
  const pairing = place ? doc.played[place.round - 1]?.pairings[place.index] : undefined;
  if (!place || !pairing || pairing.result) return { doc, recorded: false, progress };
  // The pairing's attackers are the game's (the game is started so); points by the game's sides.
  const points =
    game.winner === null
      ? { attackers: 0.5, defenders: 0.5 }
      : game.winner === 'attackers'
        ? { attackers: 1, defenders: 0 }
        : { attackers: 0, defenders: 1 };
  const flipped = pairing.attackers !== game.players.attackers;
  const result: PairingResult = flipped
    ? { attackers: points.defenders, defenders: points.attackers, how: 'played', reason: game.reason }
    : { ...points, how: 'played', reason: game.reason };
  const changed = withPairing(doc, place, (p) => ({ ...p, gameId: game.id, result }));
  return { doc: advance(changed, progress), recorded: true, progress };
}

/** The player's game under way is lost by forfeit (their opponent scores the point). */
export function recordForfeit(
  doc: TournamentDoc,
  loserId: string,
): TournamentOutcome<{ doc: TournamentDoc; place: PairingPlace; progress: Progress }> {
  const pending = pendingPairing(doc, loserId);
  if (!pending) return failure('tournament-no-game');
  const progress = noProgress();
  const changed = withPairing(doc, pending, (p) => ({ ...p, result: forfeitResult(p, new Set([loserId])) }));
  return success({ doc: advance(changed, progress), place: pending, progress });
}

/**
 * The player leaves the tournament (withdrew, or removed by the organiser): their game under
 * way is forfeited, and they are paired no more (a round robin's games against them are forfeits).
 */
export function withdraw(
  doc: TournamentDoc,
  playerId: string,
  how: 'withdrew' | 'removed',
): TournamentOutcome<{ doc: TournamentDoc; progress: Progress }> {
  if (doc.status === 'signup') {
    const left = leave(doc, playerId);
    return left.ok ? success({ doc: left.value, progress: noProgress() }) : left;
  }
  if (doc.status !== 'running') return failure('tournament-over');
  const entrant = doc.players.find((player) => player.id === playerId);
  if (!entrant) return failure('tournament-not-joined');
  if (entrant.withdrawn) return failure('tournament-withdrawn');
  let changed: TournamentDoc = {
    ...doc,
    players: doc.players.map((player) => (player.id === playerId ? { ...player, withdrawn: how } : player)),
  };
  const pending = pendingPairing(changed, playerId);
  if (pending)
    changed = withPairing(changed, pending, (p) => ({ ...p, result: forfeitResult(p, new Set([playerId])) }));
  const progress = noProgress();
  return success({ doc: advance(changed, progress), progress });
}

/** The standings' leader(s) once it is over: everyone on the top score. */
export function winners(doc: TournamentDoc): string[] {
  const table = standings(doc);
  const top = table[0];
  if (!top) return [];
  return table.filter((row) => row.score === top.score && row.tiebreak === top.tiebreak).map((row) => row.id);
}
