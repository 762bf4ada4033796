import { describe, expect, it } from 'vitest';
import {
  type EndReason,
  Game,
  type GameResult,
  getVariant,
  type MatchReason,
  OpenTaflRulesError,
  parseOpenTaflRules,
  type RefusalCode,
  variantIds,
} from '../../src/engine/index.ts';
import {
  describeRules,
  failureText,
  type Messages,
  messagesFor,
  resultText,
  rulesText,
} from '../../src/i18n/index.ts';
import { gameWith } from '../engine/setup.ts';

const de = messagesFor('de');
const en = messagesFor('en');

/** Every message of a catalogue, called with sample particulars, keyed by name. */
function everyText(m: Messages): Record<string, string> {
  const sample = {
    name: 'Ann',
    side: 'attackers',
    variant: 'fetlar',
    rulesCode: 'unsupported-key',
    reason: 'no-legal-move',
    key: 'linc',
    value: 'y',
    id: 'server:house',
    size: 9,
    done: 4,
    total: 9,
    ms: 200,
    notation: 'e5-e8',
    better: 'e5-e7',
    swing: '−4.2',
    max: 18,
    choices: 'a, b',
    opponentId: '1',
    challenger: 'Ann',
    opponent: 'Bob',
    terms: 't',
    expires: 'soon',
    why: 'w',
    channelId: '2',
    level: 'easy',
    attackers: 'Ann',
    defenders: 'Bob',
    who: 'Ann',
    when: 'soon',
    title: 'T',
    number: 3,
    situation: 's',
    move: 'a1-a2',
    captured: 2,
    result: 'r',
    verdict: 'v',
    game: 2,
    moves: 5,
    playerId: '3',
    deadline: 'soon',
    scope: 'all',
    games: 4,
    wins: 1,
    losses: 2,
    draws: 1,
    points: 1.5,
    option: 'from',
    from: 4,
    to: 2,
    first: 1,
    last: 2,
    every: 2,
    percent: 75,
  };
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(m)) {
    if (['failures', 'refusals', 'result', 'matchReason', 'rulesRefusal'].includes(key)) continue;
    if (typeof value === 'string') texts[key] = value;
    else if (typeof value === 'function') {
      const argument: Record<string, unknown> = {
        tableHead: true,
        help: 'v',
        side: 'attackers',
        captionTurn: 'attackers',
        variantName: getVariant('alea-armed'),
        timeControl: '1h',
        level: 'easy',
      };
      const told = (value as (p: unknown) => unknown)(key in argument ? argument[key] : sample);
      texts[key] = Array.isArray(told) ? told.join('\n') : String(told);
    }
  }
  for (const [code, value] of Object.entries(m.failures))
    texts[`failures.${code}`] = typeof value === 'string' ? value : value(sample);
  return texts;
}

describe('the German catalogue', () => {
  it('has every message of the English one, each translated', () => {
    const english = everyText(en);
    const german = everyText(de);
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
    // The same in both languages by nature: names and codes.
    const same = new Set(['language', 'level', 'variantName', 'variantLine']);
    for (const key of Object.keys(english)) {
      if (same.has(key)) continue;
      expect(german[key], key).not.toBe(english[key]);
      expect(german[key], key).not.toMatch(/undefined|\[object/);
    }
  });

  it('tells every refusal of the engine in German, with its square', () => {
    const refused = new Map<RefusalCode, string>();
    const tryIn = (game: Game, move: string) => {
      const attempt = game.tryPlay(move);
      if (!attempt.ok) refused.set(attempt.refusal.code, failureText(de, attempt.refusal));
    };
    const fetlar = new Game('fetlar');
    for (const move of ['zz', 'a4-a12', 'c3-c5', 'f4-f3', 'a4-a4', 'a4-b5', 'a4-a9', 'a4-a1', 'a6-b6'])
      tryIn(fetlar, move);
    tryIn(gameWith('fetlar', { king: 'b9', defenders: ['f8'], attackers: ['k11'] }, 'defenders'), 'f8-f6');
    tryIn(
      gameWith('alea-guards', { king: 'j9', attackers: ['j12'], defenders: ['a9'] }, 'attackers'),
      'j12-j8',
    );
    const over = new Game('fetlar');
    over.resign('attackers');
    tryIn(over, 'd1-d3');
    expect(Object.fromEntries(refused)).toEqual({
      malformed: '„zz“ ist kein Zug: schreibe ihn als zwei Felder, etwa e5-e8',
      'off-board': 'a12 liegt nicht auf dem 11x11-Brett',
      'empty-square': 'c3 ist leer',
      'not-your-piece': 'diese Figur gehört den Verteidigern',
      'no-distance': 'eine Figur muss mindestens ein Feld weit ziehen',
      'not-straight': 'Figuren ziehen entlang einer Reihe oder Linie',
      blocked: 'a5 ist im Weg',
      'king-only-stop': 'nur der König darf auf dem Thron stehen bleiben',
      'king-only-pass': 'nur der König darf über den Mittelpunkt ziehen',
      'game-over': 'die Partie ist beendet',
      occupied: 'b6 ist besetzt',
    });
  });

  it("picks a client's own catalogue, and English for a language without one", () => {
    expect(messagesFor('de').language).toBe('de');
    expect(messagesFor('de-AT').language).toBe('de');
    expect(messagesFor('en-US').language).toBe('en');
    expect(messagesFor('fr').language).toBe('fr');
    expect(messagesFor('es-419').language).toBe('es');
    // Hindi is a Discord locale no catalogue serves yet.
    expect(messagesFor('hi').language).toBe('en');
    expect(messagesFor(undefined).language).toBe('en');
  });
});

describe('how a game ended, in German', () => {
  const played = (reason: EndReason, winner: GameResult['winner'], square?: string): GameResult => ({
    reason,
    winner,
    ...(square ? { square } : {}),
  });

  it('names the side and the square for every way a game ends', () => {
    const told = (result: GameResult) =>
      resultText(de, result, getVariant('alea-armed').end.repetition, 'attackers');
    expect(told(played('king-escaped', 'defenders', 's19'))).toBe(
      'Der König ist nach s19 entkommen: die Verteidiger gewinnen.',
    );
    expect(told(played('king-captured', 'attackers', 'j10'))).toBe(
      'Der König wurde auf j10 gefangen: die Angreifer gewinnen.',
    );
    expect(told(played('enclosed', 'attackers'))).toContain('eingeschlossen');
    expect(told(played('repetition', 'defenders'))).toBe(
      'Die Angreifer haben die Stellung zum dritten Mal wiederholt und verlieren.',
    );
    expect(told(played('repetition', null))).toContain('unentschieden');
    expect(told(played('no-legal-move', null))).toBe(
      'Die Angreifer haben keinen legalen Zug: unentschieden.',
    );
    expect(told(played('no-legal-move', 'attackers'))).toBe(
      'Die Verteidiger haben keinen legalen Zug und verlieren.',
    );
    expect(told(played('resignation', 'attackers'))).toBe('Die Verteidiger haben aufgegeben.');
    expect(told(played('agreed-draw', null))).toBe('Remis vereinbart.');
    expect(told(played('timeout', 'defenders'))).toBe('Die Zeit der Angreifer ist abgelaufen.');
    expect(
      resultText(de, played('repetition', null), getVariant('alea-walker').end.repetition, 'attackers'),
    ).toContain('zweiten Mal');
  });

  it('the engine reports where the king escaped, which the German text names', () => {
    const game = gameWith('fetlar', { king: 'k5', attackers: ['a5'] }, 'defenders');
    game.play('k5-k1');
    expect(game.result?.square).toBe('k1');
    expect(resultText(de, game.result as GameResult, getVariant('fetlar').end.repetition, game.turn)).toBe(
      'Der König ist nach k1 entkommen: die Verteidiger gewinnen.',
    );
    expect(resultText(en, game.result as GameResult, getVariant('fetlar').end.repetition, game.turn)).toBe(
      'The king escaped to k1: the defenders win.',
    );
  });

  it('explains a match result in German for every way a match ends', () => {
    const reasons: MatchReason[] = [
      { kind: 'unfinished', nextGame: 2 },
      { kind: 'both-drawn' },
      { kind: 'only-decided-game', winner: 'Ann' },
      { kind: 'both-games', winner: 'Ann' },
      { kind: 'equal-moves', moves: 30 },
      { kind: 'fewer-moves', winner: 'Ann', moves: 20, other: 'Bob', otherMoves: 31 },
    ];
    const german = reasons.map((reason) => de.matchReason(reason));
    expect(new Set(german).size).toBe(reasons.length);
    expect(german[5]).toBe('je ein Sieg: Ann gewann in 20 Zügen, Bob in 31');
    for (const reason of reasons) expect(de.matchReason(reason)).not.toBe(en.matchReason(reason));
  });
});

describe('the rules in German', () => {
  it.each(variantIds)('%s: the same paragraphs as the English, from the same variant data', (id) => {
    const english = describeRules(getVariant(id));
    const german = rulesText(de, getVariant(id));
    expect(rulesText(en, getVariant(id))).toEqual(english);
    expect(german.lines).toHaveLength(english.lines.length);
    expect(german.title).toBe(de.variantName(getVariant(id)));
    const text = german.lines.join('\n');
    expect(text).toContain('König');
    expect(text).not.toMatch(/\b(the|and|king|attackers)\b/);
    const variant = getVariant(id);
    expect(text).toContain(`${variant.size}x${variant.size}`);
    expect(text.includes('Wächter')).toBe(variant.capture.guards);
    expect(text.includes('**Der König** ist bewaffnet')).toBe(variant.capture.kingArmed);
  });
});

describe('refused rules strings, in both languages', () => {
  it.each([
    [
      'linc:y',
      'unsupported-key',
      /`linc:y` \(Linnaean capture\) is not supported/,
      /`linc:y` \(Linnés Schlagregel\) wird nicht unterstützt/,
    ],
    ['dim:12', 'out-of-range', /odd number from 7 to 19/, /ungerade Zahl von 7 bis 19/],
    ['esc:q', 'invalid-value', /`esc:q` \(escape squares\)/, /`esc:q` \(Fluchtfelder\)/],
    [
      'start:/x/',
      'invalid-start',
      /starting position is not usable/,
      /Startstellung \(`start:`\) ist nicht verwendbar/,
    ],
  ] as const)('%s: names the entry and why (%s)', (entry, code, english, german) => {
    const rules = entry.startsWith('dim:')
      ? `${entry} start:/7/7/7/3K3/7/7/7/`
      : entry.startsWith('start:')
        ? `dim:7 ${entry}`
        : `dim:7 ${entry} start:/7/7/7/3K3/7/7/7/`;
    let error: unknown;
    try {
      parseOpenTaflRules(rules);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(OpenTaflRulesError);
    const { code: rulesCode, params } = error as OpenTaflRulesError;
    expect(rulesCode).toBe(code);
    const failure = { code: 'variant-rules-invalid' as const, params: { rulesCode, ...params } };
    expect(failureText(en, failure)).toMatch(english);
    expect(failureText(de, failure)).toMatch(german);
    expect(failureText(de, failure)).toMatch(
      /^Nach diesen Regeln kann nicht gespielt werden: .*Es wurde nichts hinzugefügt\.$/,
    );
  });
});
