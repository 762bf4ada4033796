/**
 * A replay's size: it must go through as a Discord attachment, so it is built within a byte limit,
 * never failed. An attempt that will not fit stops as soon as that shows; the next draws smaller
 * pictures, and at the smallest, shows fewer positions, by as much as the overrun says.
 */

/** Discord takes files up to 10 MiB from any bot; replays stay under 8 MB, with room to spare. */
export const REPLAY_BYTE_LIMIT = 8_000_000;

/** The picture sizes tried in turn, as fractions of the board picture's width and height. */
export const SCALES: readonly number[] = [1, 0.75, 0.5];

export interface Attempt {
  /** One of SCALES. */
  scale: number;
  /** One position in `every` is shown (the first and the last always). */
  every: number;
}

export const FIRST_ATTEMPT: Attempt = { scale: SCALES[0], every: 1 };

/** A projection from fewer frames than this swings too much to stop an attempt on. */
const FRAMES_TO_PROJECT = 12;
/** Aim this far under the limit when choosing how many positions to drop. */
const MARGIN = 0.85;

export interface Progress {
  /** Bytes written so far, the first frame's included. */
  bytes: number;
  firstFrameBytes: number;
  framesDone: number;
  framesInAll: number;
}

/** The whole animation's size if the frames to come are like the later ones so far. */
export function projectedBytes({ bytes, firstFrameBytes, framesDone, framesInAll }: Progress): number {
  if (framesDone <= 1) return bytes;
  const perFrame = (bytes - firstFrameBytes) / (framesDone - 1);
  return bytes + perFrame * (framesInAll - framesDone);
}

/** Whether an attempt under way should stop: it is over the limit, or on course to be. */
export function overBudget(progress: Progress, limit = REPLAY_BYTE_LIMIT): boolean {
  if (progress.bytes > limit) return true;
  return progress.framesDone >= FRAMES_TO_PROJECT && projectedBytes(progress) > limit;
}

/** The attempt after one whose animation would have come to `projected` bytes. */
export function nextAttempt(attempt: Attempt, projected: number, limit = REPLAY_BYTE_LIMIT): Attempt {
  const smaller = SCALES.find((scale) => scale < attempt.scale);
  if (smaller !== undefined) return { scale: smaller, every: attempt.every };
  const needed = Math.ceil((attempt.every * projected) / (limit * MARGIN));
  return { scale: attempt.scale, every: Math.max(attempt.every + 1, needed) };
}
