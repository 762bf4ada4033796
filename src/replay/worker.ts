/** The replays' thread: GIFs are drawn and encoded here, so that the bot's event loop keeps serving. */
import { parentPort } from 'node:worker_threads';
import { buildReplay, type ReplayJob } from './build.ts';

export interface ReplayRequestMessage {
  id: number;
  job: ReplayJob;
}

parentPort?.postMessage({ ready: true });

parentPort?.on('message', ({ id, job }: ReplayRequestMessage) => {
  try {
    const replay = buildReplay(job);
    // The GIF's bytes move to the bot's thread rather than being copied.
    parentPort?.postMessage({ id, replay }, [replay.gif.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).message });
  }
});
