/**
 * When the bot received each interaction, on the service's clock: a Fischer clock charges a
 * player's move up to then, not for the time the bot takes to answer.
 */
import type { Interaction } from 'discord.js';

const received = new WeakMap<Interaction, number>();

export function noteReceived(interaction: Interaction, at: number): void {
  received.set(interaction, at);
}

/** When `interaction` was received, or `fallback` for one that was not noted (an interaction built by hand). */
export function receivedAt(interaction: Interaction, fallback: () => number): number {
  return received.get(interaction) ?? fallback();
}
