/**
 * A condition every commit made on someone's behalf passes first. The bot sets one while it works
 * on an interaction: a change is only written while its member can still be told of it (see
 * src/bot/interaction-deadline.ts). Commits outside any gate (sweeps, the AI, tournaments' jobs)
 * pass at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Resolves when a commit may go ahead; throws, and nothing is written, when it may not. */
export type CommitGate = () => Promise<void>;

const gates = new AsyncLocalStorage<CommitGate>();

/** Runs `work` with every commit inside it (and in what it starts) passing `gate` first. */
export function withCommitGate<T>(gate: CommitGate, work: () => Promise<T>): Promise<T> {
  return gates.run(gate, work);
}

export async function passCommitGate(): Promise<void> {
  await gates.getStore()?.();
}

/** Runs `work` under no gate: background work started by an interaction is not that interaction's. */
export function withoutCommitGate<T>(work: () => T): T {
  return gates.exit(work);
}
