/** The AI's thread: it thinks here, so that the bot's event loop keeps serving every other channel. */
import { parentPort } from 'node:worker_threads';
import { loadGame } from '../engine/index.ts';
import { chooseMove, type Level } from './index.ts';
import type { SearchParts } from './search.ts';

export interface ThinkRequest {
  id: number;
  record: string;
  level: Level;
  timeMs?: number;
  maxDepth?: number;
  /** Parts of the search to switch off: `contempt` for a review's even-handed score of a draw. */
  parts?: Partial<SearchParts>;
}

parentPort?.postMessage({ ready: true });

parentPort?.on('message', (request: ThinkRequest) => {
  try {
    const move = chooseMove(loadGame(request.record), request.level, {
      timeMs: request.timeMs,
      maxDepth: request.maxDepth,
      parts: request.parts,
    });
    parentPort?.postMessage({ id: request.id, move });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: (error as Error).message });
  }
});
