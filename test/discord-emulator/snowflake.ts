/** Discord-style ids: increasing numeric strings. */
let counter = 0n;
const EPOCH = 1420070400000n;

export function snowflake(): string {
  counter++;
  return String(((BigInt(Date.now()) - EPOCH) << 22n) | (counter & 0x3fffffn));
}

export function secret(length = 32): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(Math.random() * alphabet.length)];
  return text;
}

/** When a snowflake was made (milliseconds since 1970). */
export function timestampOf(id: string): number {
  return Number((BigInt(id) >> 22n) + EPOCH);
}
