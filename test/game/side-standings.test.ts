/** Ratings per side and the side balance, as the result commit updates them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL, rate } from '../../src/core/glicko2.ts';
import {
  MAX_PLIES,
  medianOf,
  memberSideRatings,
  sideBalances,
  sideRating,
  withSideResult,
} from '../../src/game/side-standings.ts';
import { sideTable } from '../../src/game/side-table.ts';
import { emptyStandings, type StandingsDoc, table, withResult } from '../../src/game/standings.ts';

const ann = { id: 'a', name: 'Ann' };
const bob = { id: 'b', name: 'Bob' };
const cat = { id: 'c', name: 'Cat' };

/** A game recorded as the commit plan records it: the overall result, then the side result. */
function played(
  doc: StandingsDoc,
  id: string,
  attackers: typeof ann,
  defenders: typeof ann,
  winner: 'attackers' | 'defenders' | null,
  plies = 40,
): StandingsDoc {
  const game = { id, variant: 'fetlar' as const, players: { attackers, defenders }, winner };
  return withSideResult(withResult(doc, game), { ...game, plies });
}

describe('ratings per side', () => {
  it('a member who wins as attackers and loses as defenders: attackers rating up, defenders down, overall as before', () => {
    let doc = played(emptyStandings(), 'g1', ann, bob, 'attackers');
    doc = played(doc, 'g2', bob, ann, 'attackers');
    const annAttacking = sideRating(doc, 'fetlar', ann.id, 'attackers');
    const annDefending = sideRating(doc, 'fetlar', ann.id, 'defenders');
    expect(annAttacking?.value).toBeGreaterThan(1500);
    expect(annDefending?.value).toBeLessThan(1500);
    expect(annAttacking?.games).toBe(1);
    expect(annDefending?.games).toBe(1);
    // Bob mirrors her: strong as attackers, weak as defenders.
    expect(sideRating(doc, 'fetlar', bob.id, 'attackers')?.value).toBeGreaterThan(1500);
    expect(sideRating(doc, 'fetlar', bob.id, 'defenders')?.value).toBeLessThan(1500);

    // The overall ratings are exactly those of the standings without sides.
    let overallOnly = withResult(emptyStandings(), {
      id: 'g1',
      variant: 'fetlar',
      players: { attackers: ann, defenders: bob },
      winner: 'attackers',
    });
    overallOnly = withResult(overallOnly, {
      id: 'g2',
      variant: 'fetlar',
      players: { attackers: bob, defenders: ann },
      winner: 'attackers',
    });
    expect(doc.ratings).toEqual(overallOnly.ratings);
    expect(table(doc, 'fetlar')).toEqual(table(overallOnly, 'fetlar'));
  });

  it('each side is rated against the opponent’s rating on the other side, by Glicko-2', () => {
    let doc = played(emptyStandings(), 'g1', ann, bob, 'attackers');
    doc = played(doc, 'g2', cat, ann, 'defenders');
    // Ann defended against Cat: rated from her defenders rating (none yet) against Cat's attackers rating (none).
    const expected = rate(INITIAL, [{ opponent: INITIAL, score: 1 }]);
    expect(doc.sides?.ratings['fetlar|a|defenders']).toEqual(expected);
    // Bob's defenders rating after losing to Ann attacking.
    expect(doc.sides?.ratings['fetlar|b|defenders']).toEqual(
      rate(INITIAL, [{ opponent: INITIAL, score: 0 }]),
    );
    // A third game: Bob attacks Ann, rated against her defenders rating as it now is.
    const before = doc.sides?.ratings ?? {};
    doc = played(doc, 'g3', bob, ann, null);
    expect(doc.sides?.ratings['fetlar|b|attackers']).toEqual(
      rate(INITIAL, [{ opponent: before['fetlar|a|defenders'], score: 0.5 }]),
    );
    expect(doc.sides?.ratings['fetlar|a|defenders']).toEqual(
      rate(before['fetlar|a|defenders'], [{ opponent: INITIAL, score: 0.5 }]),
    );
  });

  it('a game is counted once; standings stored before sides start every side rating at the default', () => {
    const old: StandingsDoc = withResult(emptyStandings(), {
      id: 'old',
      variant: 'fetlar',
      players: { attackers: ann, defenders: bob },
      winner: 'defenders',
    });
    delete old.sides;
    expect(sideRating(old, 'fetlar', ann.id, 'attackers')).toBeNull();
    expect(memberSideRatings(old, ann.id)).toEqual([
      { variant: 'fetlar', overall: expect.objectContaining({ games: 1 }), attackers: null, defenders: null },
    ]);
    expect(sideBalances(old)).toEqual([]);
    expect(sideTable(old, 'fetlar', 'attackers').map((row) => [row.userId, row.sideRating])).toEqual([
      ['b', null],
      ['a', null],
    ]);

    const once = played(old, 'new', ann, bob, 'attackers');
    expect(played(once, 'new', ann, bob, 'attackers')).toBe(once);
    const again = { id: 'new', variant: 'fetlar', players: { attackers: ann, defenders: bob } } as const;
    expect(withSideResult(once, { ...again, winner: null, plies: 3 })).toBe(once);
    // Ann's first game as attackers starts from the default rating, her old game notwithstanding.
    expect(once.sides?.ratings['fetlar|a|attackers']).toEqual(
      rate(INITIAL, [{ opponent: INITIAL, score: 1 }]),
    );
    // The overall part kept its history.
    expect(table(once, 'fetlar').find((row) => row.userId === ann.id)).toMatchObject({ games: 2, wins: 1 });
  });

  it('ranks a variant by one side’s rating; members who never played that side come last', () => {
    let doc = played(emptyStandings(), 'g1', ann, bob, 'attackers');
    doc = played(doc, 'g2', ann, cat, 'attackers');
    doc = played(doc, 'g3', cat, bob, 'defenders');
    const attackers = sideTable(doc, 'fetlar', 'attackers');
    expect(attackers.map((row) => row.userId)).toEqual(['a', 'c', 'b']);
    expect(attackers[0].sideRating?.value).toBeGreaterThan(attackers[1].sideRating?.value ?? Infinity);
    expect(attackers[2].sideRating).toBeNull();
    const defenders = sideTable(doc, 'fetlar', 'defenders');
    expect(defenders.map((row) => row.userId)).toEqual(['b', 'c', 'a']);
    expect(defenders[0].sideRating?.value).toBeGreaterThan(defenders[1].sideRating?.value ?? Infinity);
    expect(defenders[2].sideRating).toBeNull();
    // The overall table ranks otherwise: Ann first.
    expect(table(doc, 'fetlar')[0].userId).toBe('a');
    expect(memberSideRatings(doc, ann.id)).toEqual([
      {
        variant: 'fetlar',
        overall: expect.objectContaining({ games: 2 }),
        attackers: expect.objectContaining({ games: 2 }),
        defenders: null,
      },
    ]);
  });
});

describe('the side balance', () => {
  it('counts wins per side and draws, and the median length, per variant', () => {
    let doc = played(emptyStandings(), 'g1', ann, bob, 'attackers', 30);
    doc = played(doc, 'g2', bob, ann, 'defenders', 50);
    doc = played(doc, 'g3', bob, cat, 'defenders', 70);
    doc = played(doc, 'g4', ann, cat, null, 90);
    doc = withSideResult(doc, {
      id: 'g5',
      variant: 'brandubh',
      players: { attackers: ann, defenders: bob },
      winner: 'attackers',
      plies: 12,
    });
    expect(sideBalances(doc)).toEqual([
      { variant: 'fetlar', games: 4, attackerWins: 1, defenderWins: 2, draws: 1, medianPlies: 60 },
      { variant: 'brandubh', games: 1, attackerWins: 1, defenderWins: 0, draws: 0, medianPlies: 12 },
    ]);
    expect(sideBalances(doc, 'brandubh')).toHaveLength(1);
  });

  it('the histogram’s median is the median of the lengths, and it stays bounded', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 60 }), (lengths) => {
        let doc = emptyStandings();
        lengths.forEach((plies, index) => {
          doc = withSideResult(doc, {
            id: `g${index}`,
            variant: 'tablut',
            players: { attackers: ann, defenders: bob },
            winner: null,
            plies,
          });
        });
        const sorted = lengths.map((plies) => Math.min(plies, MAX_PLIES)).sort((a, b) => a - b);
        const middle =
          (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
        const tally = doc.sides?.balance.tablut;
        expect(medianOf(tally?.plies ?? {})).toBe(middle);
        expect(Object.keys(tally?.plies ?? {}).every((length) => Number(length) <= MAX_PLIES)).toBe(true);
      }),
    );
    expect(medianOf({})).toBe(0);
  });
});
