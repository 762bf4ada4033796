/** A benchmark's command-line count (`--games 100`), refused unless a positive whole number. */
export function count(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} wants a positive whole number, not ${text}`);
  return value;
}
