/**
 * Text broken into lines no wider than a width, for any script: at word boundaries as Unicode
 * finds them (Intl.Segmenter: spaces in English, between words in Chinese and Japanese, which
 * have no spaces), and inside a word, between grapheme clusters, only when one word alone is too
 * wide. Closing punctuation stays at the end of its line (no line starts with "。" or ",").
 */

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Punctuation that must not begin a line: closing brackets and quotes, commas, full stops. */
const CLOSING = /^[\p{Pe}\p{Pf}\p{Po}]+$/u;

export function wrapText(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    const done = line.trimEnd();
    if (done) lines.push(done);
    line = '';
  };
  const start = (segment: string) => {
    line = segment === ' ' ? '' : segment;
    if (measure(line) > width) line = breakWord(line);
  };
  for (const { segment } of words.segment(text.replace(/\s+/g, ' ').trim())) {
    if (!line) start(segment);
    else if (CLOSING.test(segment) || measure((line + segment).trimEnd()) <= width) line += segment;
    else {
      push();
      start(segment);
    }
  }
  push();
  return lines;

  /** Pushes whole lines of a too-wide word, cut between grapheme clusters; returns its remainder. */
  function breakWord(word: string): string {
    let part = '';
    for (const { segment } of graphemes.segment(word)) {
      if (part && measure(part + segment) > width) {
        lines.push(part);
        part = '';
      }
      part += segment;
    }
    return part;
  }
}
