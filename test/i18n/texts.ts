/** Every message of a part of a catalogue, by its dotted name: strings as they are, functions called with the sample. */
export function messageTexts(entries: object, sample: object, prefix = ''): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (typeof value === 'string') texts[`${prefix}${key}`] = value;
    else if (typeof value === 'function') texts[`${prefix}${key}`] = String(value(sample));
    else Object.assign(texts, messageTexts(value, sample, `${prefix}${key}.`));
  }
  return texts;
}
