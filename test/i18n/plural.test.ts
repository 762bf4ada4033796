import { describe, expect, it } from 'vitest';
import { type Messages, messagesFor } from '../../src/i18n/index.ts';

const de = messagesFor('de');
const en = messagesFor('en');

/** Every text of a catalogue whose particulars are all `count`, so that each number meets its noun. */
function textsWithCount(m: Messages, count: number): string[] {
  const p = new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => (key === 'side' ? 'attackers' : typeof key === 'string' ? count : undefined),
  });
  const texts: string[] = [];
  for (const [key, value] of Object.entries(m)) {
    if (
      typeof value !== 'function' ||
      ['side', 'variantName', 'level', 'captionTurn', 'tableHead', 'rulesRefusal'].includes(key)
    )
      continue;
    if (key === 'timeControl') {
      for (const time of ['10m', '1h', '1d', '3d'] as const) texts.push(m.timeControl(time));
    } else if (key === 'matchReason') {
      texts.push(m.matchReason({ kind: 'equal-moves', moves: count }));
      texts.push(
        m.matchReason({ kind: 'fewer-moves', winner: 'Ann', moves: count, other: 'Bob', otherMoves: count }),
      );
    } else if (key !== 'result' && key !== 'help') {
      texts.push(String((value as (p: unknown) => unknown)(p)));
    }
  }
  return texts;
}

describe('the catalogues count in the right form', () => {
  it('English: "1 game", "1 point", "capturing 1 piece", "in 1 move", "1 hour"', () => {
    expect(en.record({ games: 1, wins: 1, losses: 0, draws: 0, points: 1 })).toBe(
      '1 game: 1 won, 0 lost, 0 drawn, 1 point.',
    );
    expect(en.record({ games: 3, wins: 1, losses: 1, draws: 1, points: 1.5 })).toBe(
      '3 games: 1 won, 1 lost, 1 drawn, 1.5 points.',
    );
    expect(en.played({ name: 'Ann', side: 'attackers', move: 'd1-d3x', captured: 1 })).toContain(
      'capturing 1 piece.',
    );
    expect(en.wonFirstGame({ name: 'Ann', moves: 1 })).toContain('in 1 move.');
    expect(en.timeControl('1h')).toBe('1 hour per move');
    expect(en.timeControl('3d')).toBe('3 days per move');
    const once = textsWithCount(en, 1).join('\n');
    expect(once).not.toMatch(/\b1 (games|moves|pieces|points|minutes|hours|days|wins)\b/);
    expect(textsWithCount(en, 2).join('\n')).not.toMatch(/\b2 (game|move|piece|point)\b/);
  });

  it('German: "1 Partie", "1 Punkt", "schlug 1 Figur", "in 1 Zug", "1 Stunde"', () => {
    expect(de.record({ games: 1, wins: 1, losses: 0, draws: 0, points: 1 })).toBe(
      '1 Partie: 1 gewonnen, 0 verloren, 0 unentschieden, 1 Punkt.',
    );
    expect(de.record({ games: 3, wins: 1, losses: 1, draws: 1, points: 1.5 })).toBe(
      '3 Partien: 1 gewonnen, 1 verloren, 1 unentschieden, 1,5 Punkte.',
    );
    expect(de.played({ name: 'Ann', side: 'attackers', move: 'd1-d3x', captured: 1 })).toContain(
      'und schlug 1 Figur.',
    );
    expect(de.wonFirstGame({ name: 'Ann', moves: 1 })).toContain('in 1 Zug gewonnen');
    expect(de.matchReason({ kind: 'equal-moves', moves: 1 })).toBe(
      'je ein Sieg in 1 Zug: der Wettkampf ist unentschieden',
    );
    expect(de.timeControl('1d')).toBe('1 Tag pro Zug');
    expect(de.timeControl('3d')).toBe('3 Tage pro Zug');
    const once = textsWithCount(de, 1).join('\n');
    expect(once).not.toMatch(/\b1 (Partien|Züge|Zügen|Figuren|Punkte|Minuten|Stunden|Tage|Siege)\b/);
    expect(textsWithCount(de, 2).join('\n')).not.toMatch(/\b2 (Partie|Zug|Figur|Punkt)\b/);
  });
});
