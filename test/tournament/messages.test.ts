import { describe, expect, it } from 'vitest';
import { type Messages, messagesFor } from '../../src/i18n/index.ts';
import { messageTexts } from '../i18n/texts.ts';

const de = messagesFor('de');
const en = messagesFor('en');

/** Every tournament message called with sample particulars (the catalogue test covers the top level only). */
function tournamentTexts(m: Messages): Record<string, string> {
  const sample = {
    name: 'Spring Cup',
    variant: 'Fetlar',
    format: 'swiss' as const,
    double: true,
    rounds: 5,
    time: '1 day per move',
    organiser: 'Olga',
    max: 64,
    count: 3,
    names: 'Ann, Bob, Cid',
    number: 2,
    attackers: 'Ann',
    defenders: 'Bob',
    where: '<#1>',
    points: 1,
    attackersId: '1',
    defendersId: '2',
    round: 2,
    tiebreak: 'Buchholz',
    sides: true,
    tournament: 'Spring Cup',
    by: 'Olga',
    threadId: '3',
    side: 'defenders' as const,
  };
  return messageTexts(m.tournament, sample);
}

describe('the tournament messages', () => {
  it('are all in German too, each translated', () => {
    const english = tournamentTexts(en);
    const german = tournamentTexts(de);
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
    // The same in both languages by nature: abbreviations and marks.
    const same = new Set(['round', 'sideLetter']);
    for (const key of Object.keys(english)) {
      expect(german[key], key).not.toMatch(/undefined|\[object/);
      expect(english[key], key).not.toMatch(/undefined|\[object/);
      if (!same.has(key)) expect(german[key], key).not.toBe(english[key]);
    }
  });

  it('name the format, the rounds and a bye as players say them', () => {
    expect(en.tournament.format({ format: 'round-robin', double: true })).toBe('double round robin');
    expect(de.tournament.format({ format: 'swiss', double: false })).toBe('Schweizer-System');
    expect(en.tournament.rounds({ rounds: 1 })).toBe('1 round');
    expect(de.tournament.rounds({ rounds: 3 })).toBe('3 Runden');
    expect(en.tournament.byeLine({ name: 'Eve', points: 0 })).toBe('Eve has the round off.');
  });
});
