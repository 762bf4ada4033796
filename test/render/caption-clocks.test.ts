/** The caption's Fischer clocks: each at the end of its player's line, the names giving way to them. */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { captionLines } from '../../src/render/caption.ts';
import { boardPixels, layoutOf } from '../../src/render/index.ts';

const players = { attackers: 'Ann'.repeat(20), defenders: 'Bob' };
const clocks = { attackers: '4:32', defenders: '0:09.4' };

/** Whether any pixel in the box differs between two frames (PNG scanlines: a filter byte, then RGB). */
function differs(
  a: ReturnType<typeof boardPixels>,
  b: ReturnType<typeof boardPixels>,
  box: { left: number; right: number; top: number; bottom: number },
) {
  const row = a.rows.length / a.height;
  for (let y = box.top; y < box.bottom; y++)
    for (let x = box.left * 3; x < box.right * 3; x++)
      if (a.rows[y * row + 1 + x] !== b.rows[y * row + 1 + x]) return true;
  return false;
}

describe('the caption with Fischer clocks', () => {
  it('the players’ line is named by the clocks, so a new time draws it anew', () => {
    const snapshot = new Game('brandubh').snapshot();
    const layout = layoutOf(snapshot);
    const m = messagesFor('en');
    const [, line] = captionLines(layout, snapshot, players, m, undefined, clocks);
    const [, without] = captionLines(layout, snapshot, players, m);
    expect(line.name).toContain('4:32');
    expect(line.name).toContain('0:09.4');
    expect(without.name).not.toContain('4:32');
  });

  it('draws the times at the right end of the players’ lines, and only there', () => {
    const snapshot = new Game('brandubh').snapshot();
    const layout = layoutOf(snapshot);
    const m = messagesFor('en');
    const plain = boardPixels(snapshot, players, { messages: m });
    const timed = boardPixels(snapshot, players, { messages: m, clocks });
    const right = {
      left: layout.width - layout.margin - 60,
      right: layout.width - layout.margin,
      top: 50,
      bottom: 126,
    };
    expect(differs(plain, timed, right)).toBe(true);
    // The title and the turn line are as they were.
    expect(differs(plain, timed, { left: 0, right: layout.width, top: 0, bottom: 50 })).toBe(false);
    expect(
      differs(plain, timed, { left: 0, right: layout.width, top: 126, bottom: layout.captionHeight }),
    ).toBe(false);
  });
});
