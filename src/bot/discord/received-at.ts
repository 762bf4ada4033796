/**
 * When the bot received each interaction: on the service's clock, since a Fischer clock charges a
 * player's move up to then, not for the time the bot takes to answer; and on this process's
 * monotonic clock, for the interaction's age against Discord's deadlines (interaction-deadline.ts).
 */
import type { Interaction } from 'discord.js';

interface Arrival {
  /** On the service's clock. */
  at: number;
  /** performance.now() at arrival. */
  arrivedMs: number;
}

const received = new WeakMap<Interaction, Arrival>();

export function noteReceived(interaction: Interaction, at: number): void {
  received.set(interaction, { at, arrivedMs: performance.now() });
}

/** When `interaction` was received, or `fallback` for one that was not noted (an interaction built by hand). */
export function receivedAt(interaction: Interaction, fallback: () => number): number {
  return received.get(interaction)?.at ?? fallback();
}

/**
 * How old the interaction is, in milliseconds: since Discord made it (its id holds the time) or
 * since it reached this process, whichever is longer, so that a clock behind Discord's cannot make
 * an old interaction look young.
 */
export function ageOf(interaction: Interaction): number {
  const created = interaction.createdTimestamp;
  const sinceCreated = Number.isFinite(created) ? Date.now() - created : 0;
  const arrival = received.get(interaction);
  const sinceArrival = arrival ? performance.now() - arrival.arrivedMs : 0;
  return Math.max(sinceCreated, sinceArrival);
}
