import { describe, expect, it } from 'vitest';
import { INITIAL, isProvisional, rate } from '../../src/core/glicko2.ts';

describe('Glicko-2', () => {
  it('reproduces the worked example in Glickman’s paper', () => {
    const player = { rating: 1500, rd: 200, volatility: 0.06, games: 0 };
    const after = rate(player, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06, games: 0 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06, games: 0 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06, games: 0 }, score: 0 },
    ]);
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rd).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
    expect(after.games).toBe(3);
  });

  it('a win raises a rating and a loss lowers it; a draw between equals changes neither rating', () => {
    expect(rate(INITIAL, [{ opponent: INITIAL, score: 1 }]).rating).toBeGreaterThan(1500);
    expect(rate(INITIAL, [{ opponent: INITIAL, score: 0 }]).rating).toBeLessThan(1500);
    expect(rate(INITIAL, [{ opponent: INITIAL, score: 0.5 }]).rating).toBeCloseTo(1500, 6);
  });

  it('a rating is provisional until it is settled', () => {
    expect(isProvisional(INITIAL)).toBe(true);
    let rating = INITIAL;
    for (let i = 0; i < 12; i++) rating = rate(rating, [{ opponent: { ...INITIAL, rd: 60 }, score: i % 2 }]);
    expect(isProvisional(rating)).toBe(false);
  });
});

describe('ratings in the standings', () => {
  it('a finished game rates both players once, per variant', async () => {
    const { emptyStandings, table, withResult } = await import('../../src/game/standings.ts');
    const players = { attackers: { id: 'a', name: 'Ann' }, defenders: { id: 'b', name: 'Bob' } };
    const once = withResult(emptyStandings(), { id: 'g1', variant: 'fetlar', players, winner: 'attackers' });
    const twice = withResult(once, { id: 'g1', variant: 'fetlar', players, winner: 'attackers' });
    expect(twice).toBe(once);
    const rows = table(once, 'fetlar');
    expect(rows.map((row) => row.userId)).toEqual(['a', 'b']);
    expect(rows[0].rating?.value).toBeGreaterThan(1500);
    expect(rows[1].rating?.value).toBeLessThan(1500);
    expect(rows[0].rating?.provisional).toBe(true);
    expect(table(once, 'alea-armed')).toEqual([]);
    expect(table(once)[0].rating).toBeUndefined();
  });
});
