/**
 * Discord's deadlines for an interaction, and what the bot does near them. Discord takes a first
 * answer (a reply or a deferral) only within three seconds of the interaction; after that the
 * member sees "the application did not respond". So that nobody is told other than what was
 * stored, a change is written only once its member is sure to be told of it: an interaction too
 * old to answer is left alone, one that arrives late finds the bot busy, and an interaction is
 * acknowledged (deferred, which gives fifteen minutes for the answer) before its commit is written
 * (see respond.ts). A direct reply after the commit could always come too late: a stalled event
 * loop, a slow network or a slow Discord each stand between the commit and the reply.
 */
import type { Interaction } from 'discord.js';
import { ageOf } from './received-at.ts';

/** Discord's time to acknowledge an interaction. */
export const ACKNOWLEDGE_WITHIN_MS = 3000;
/**
 * Older than this when the bot comes to it, an interaction may not be answerable by the time an
 * answer reaches Discord: it is left unanswered, and changes nothing.
 */
export const EXPIRED_AT_ARRIVAL_MS = 2500;
/**
 * Older than this when the bot comes to it, the interaction waited in a queue: the bot is behind,
 * and says it is busy at once rather than doing work whose answer may come too late.
 */
export const BEHIND_AT_ARRIVAL_MS = 1500;
/** Interactions a process works on at once before it answers newcomers that it is busy: a bound on memory; lateness is what the age tells. */
export const MAX_IN_FLIGHT = 256;
/** Interactions this process is working on, across its routers. */
let inFlight = 0;

/** Counts an interaction as under way until `work` settles. */
export function underWay<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  return work().finally(() => {
    inFlight--;
  });
}

/** Why the bot will not start on an interaction: too old to answer, or too busy to start. */
export function arrivalVerdict(interaction: Interaction): 'expired' | 'busy' | 'go' {
  const age = ageOf(interaction);
  if (age >= EXPIRED_AT_ARRIVAL_MS) return 'expired';
  if (age >= BEHIND_AT_ARRIVAL_MS || inFlight >= MAX_IN_FLIGHT) return 'busy';
  return 'go';
}

/** The interaction could not be acknowledged in time, so its change was not written. */
export class InteractionExpiredError extends Error {
  constructor(cause: unknown) {
    super('the interaction expired before its change could be written', { cause });
    this.name = 'InteractionExpiredError';
  }
}
