/** The AI's thread: it thinks here, so that the bot's event loop keeps serving every other channel. */
import { parentPort } from 'node:worker_threads';
import { loadGame } from '../engine/index.ts';
import { chooseMove, type Level } from './index.ts';

export interface ThinkRequest {
  id: number;
  record: string;
  level: Level;
  timeMs?: number;
  maxDepth?: number;
  /** False: a draw scores 0 to both sides (a review's even-handed score), not what the player would make of it. */
  contempt?: boolean;
}

parentPort?.postMessage({ ready: true });

parentPort?.on('message', (request: ThinkRequest) => {
  try {
    const move = chooseMove(loadGame(request.record), request.level, {
      timeMs: request.timeMs,
      maxDepth: request.maxDepth,
      parts: request.contempt === false ? { contempt: false } : undefined,
    });
    parentPort?.postMessage({ id: request.id, move });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: (error as Error).message });
  }
});
