/** What `GET /healthz` answers: is this process logged in to the gateway, and does its store answer? */
import { type Client, Status } from 'discord.js';
import type { Health } from './metrics.ts';

/** Why the client is not serving interactions now, or null when it is logged in with every shard ready. */
export function gatewayProblem(client: Client): string | null {
  if (!client.isReady()) return 'not logged in to the Discord gateway';
  const down = [...client.ws.shards.values()].filter((shard) => shard.status !== Status.Ready);
  if (down.length > 0)
    return `gateway shard ${down.map((shard) => shard.id).join(', ')} is not connected (${Status[down[0].status]})`;
  return null;
}

/** Healthy when the gateway has no problem and the store answers a ping. */
export function healthCheck(
  gateway: () => string | null,
  store: { ping(): Promise<void> },
): () => Promise<Health> {
  return async () => {
    const problem = gateway();
    if (problem) return { ok: false, reason: problem };
    try {
      await store.ping();
    } catch (error) {
      return {
        ok: false,
        reason: `the store does not answer: ${(error as Error)?.message ?? String(error)}`,
      };
    }
    return { ok: true };
  };
}
