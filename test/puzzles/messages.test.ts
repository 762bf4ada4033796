/** The puzzles' words (m.puzzles) in both catalogues: every message in German too, translated, with its particulars. */
import { describe, expect, it } from 'vitest';
import { type Messages, messagesFor } from '../../src/i18n/index.ts';
import { messageTexts } from '../i18n/texts.ts';

const de = messagesFor('de');
const en = messagesFor('en');

const sample = {
  side: 'defenders',
  theme: 'escape',
  moves: 2,
  id: 'fetlar-017',
  rating: 1480,
  variant: 'Fetlar',
  move: 'e5-e8',
  winning: 'd1-d4',
  line: 'd1-d4, a4-b4, d4-a4',
  before: 1500,
  after: 1540,
  square: 'e5',
  day: '2026-11-23',
  names: 'Ann, Bob',
  days: 3,
  status: 'solved',
  name: 'Ann',
  first: true,
  streak: 2,
  channelId: '42',
  hour: 9,
  next: 'in 1 hour',
  best: 5,
  choices: 'fetlar, tablut',
};

const texts = (m: Messages) => messageTexts(m.puzzles, sample);

describe('the puzzles’ words', () => {
  it('every message in German too, translated, no particular missing', () => {
    const english = texts(en);
    const german = texts(de);
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(text, key).not.toMatch(/undefined|\[object/);
      expect(german[key], key).not.toMatch(/undefined|\[object/);
      expect(german[key], key).not.toBe(text);
    }
  });

  it('tells the goal as the brief says, in each theme', () => {
    expect(en.puzzles.goal({ side: 'defenders', theme: 'escape', moves: 2 })).toBe(
      'Defenders to move: the king escapes in 2.',
    );
    expect(en.puzzles.goal({ side: 'attackers', theme: 'king-capture', moves: 1 })).toBe(
      'Attackers to move: capture the king in 1.',
    );
    expect(de.puzzles.goal({ side: 'attackers', theme: 'material', moves: 3 })).toBe(
      'Angreifer am Zug: gewinne zwei Steine in 3.',
    );
  });
});
