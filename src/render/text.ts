/** Untrusted text (display names) made safe to draw: no control characters, no combining-mark floods, bounded width. */
import type { SKRSContext2D } from '@napi-rs/canvas';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function cleanName(name: string): string {
  const flat = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    // At most two combining marks on a letter ("zalgo" text stacks dozens).
    .replace(/(\p{M}{2})\p{M}+/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return flat === '' ? '?' : flat;
}

/** The text, cut with an ellipsis so that it fits in `maxWidth` pixels in the context's current font. */
export function fitText(context: SKRSContext2D, text: string, maxWidth: number): string {
  if (context.measureText(text).width <= maxWidth) return text;
  // Cut between grapheme clusters: never inside an emoji, a flag or a letter with its marks.
  const characters = [...graphemes.segment(text)].map(({ segment }) => segment);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (context.measureText(`${characters.slice(0, mid).join('')}…`).width <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}…`;
}
