/**
 * Text in a fixed-width code block, measured as a terminal shows it: an East Asian wide or
 * full-width character (Chinese, Japanese, Korean) and an emoji take two cells, a combining mark
 * or a format character none, anything else one. Tables padded by this keep their columns when a
 * member's name is written in Chinese or Japanese; padded by code points, they slip.
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Code points two cells wide: East Asian Wide (W) and Fullwidth (F), after Unicode's EastAsianWidth.txt. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], // Hangul Jamo initial consonants
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x23f0, 0x23f0],
  [0x23f3, 0x23f3],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2648, 0x2653],
  [0x267f, 0x267f],
  [0x2693, 0x2693],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26ce, 0x26ce],
  [0x26d4, 0x26d4],
  [0x26ea, 0x26ea],
  [0x26f2, 0x26f3],
  [0x26f5, 0x26f5],
  [0x26fa, 0x26fa],
  [0x26fd, 0x26fd],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x274e, 0x274e],
  [0x2753, 0x2755],
  [0x2757, 0x2757],
  [0x2795, 0x2797],
  [0x27b0, 0x27b0],
  [0x27bf, 0x27bf],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50],
  [0x2b55, 0x2b55],
  [0x2e80, 0x303e], // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
  [0x3041, 0x33ff], // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed
  [0x3400, 0x4dbf], // CJK Extension A
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo Extended-A
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK Compatibility Ideographs
  [0xfe10, 0xfe19], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff00, 0xff60], // full-width forms
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe4],
  [0x17000, 0x18cff], // Tangut
  [0x1b000, 0x1b2ff], // Kana supplement and extended
  [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf],
  [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a],
  [0x1f200, 0x1f251],
  [0x1f300, 0x1f64f], // pictographs and emoticons
  [0x1f680, 0x1f6ff], // transport and map symbols
  [0x1f7e0, 0x1f7eb],
  [0x1f90c, 0x1f9ff], // supplemental symbols and pictographs
  [0x1fa70, 0x1faff],
  [0x20000, 0x2fffd], // CJK Extensions B–F, compatibility supplement
  [0x30000, 0x3fffd], // CJK Extensions G, H
];

function wideCodePoint(code: number): boolean {
  let low = 0;
  let high = WIDE.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [first, last] = WIDE[mid];
    if (code < first) high = mid - 1;
    else if (code > last) low = mid + 1;
    else return true;
  }
  return false;
}

/** The cells one grapheme cluster takes: "a" 1, "漢" 2, "👍🏽" 2, a lone combining mark 0. */
function clusterWidth(cluster: string): number {
  const first = cluster.codePointAt(0) ?? 0;
  if (/^[\p{M}\p{Cf}\p{Cc}]/u.test(cluster)) return 0;
  // An emoji asked for in emoji presentation (VS16), or a flag: two cells.
  if (cluster.includes('\uFE0F') || /\p{Regional_Indicator}/u.test(cluster)) return 2;
  return wideCodePoint(first) ? 2 : 1;
}

/** How many cells `text` takes in a fixed-width font. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += clusterWidth(segment);
  return width;
}

/** `text` with spaces after it to fill `width` cells. */
export function padEndTo(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/** `text` with spaces before it to fill `width` cells. */
export function padStartTo(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(text))) + text;
}

/**
 * `text` in at most `width` cells: whole grapheme clusters, cut with an ellipsis when it is wider
 * (a wide character that would straddle the edge goes too).
 */
export function clipTo(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let clipped = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const cells = clusterWidth(segment);
    if (used + cells > width - 1) break;
    clipped += segment;
    used += cells;
  }
  return `${clipped}…`;
}
