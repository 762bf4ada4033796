/**
 * A replay built whole: the game's positions drawn by the board renderer, one palette chosen for
 * them all, encoded as an animated GIF within the byte limit. Synchronous and CPU-bound: the bot
 * runs it in its drawing thread (src/bot/jobs/drawing-worker.ts), never on its event loop.
 */

import type { FischerControl } from '../core/time-controls.ts';
import { loadGame } from '../engine/index.ts';
import { clocksAt } from '../game/fischer.ts';
import { type Language, messagesFor } from '../i18n/index.ts';
import { type BoardView, boardPixels, type Players, palettes } from '../render/index.ts';
import {
  type Attempt,
  FIRST_ATTEMPT,
  nextAttempt,
  overBudget,
  projectedBytes,
  REPLAY_BYTE_LIMIT,
  SCALES,
} from './budget.ts';
import { AnimationEncoder } from './gif.ts';
import { gamePalette } from './palette.ts';
import { ofFrame, type Pixels } from './pixels.ts';
import { type FramePlan, planReplay, type ReplayRequest, thinned } from './plan.ts';
import { positionsOf } from './positions.ts';
import { Downscaler } from './scale.ts';

export interface ReplayJob {
  /** serializeGame() of the game. */
  record: string;
  players: Players;
  /** The captions' language. */
  language: Language;
  request: ReplayRequest;
  /** Ended by a moderator without a result: the last caption says so. */
  aborted: boolean;
  /** A Fischer clock: each caption shows both sides' times after its move. */
  fischer?: { control: FischerControl; timesLeft: number[] } | null;
  /** The member's palette, side and coordinates (default: classic, from the attackers' side). */
  view?: BoardView;
  /** REPLAY_BYTE_LIMIT unless given (tests and benchmarks try smaller ones). */
  byteLimit?: number;
}

export interface Replay {
  gif: Uint8Array;
  frames: number;
  width: number;
  height: number;
  /** The attempt that fitted: its picture scale and the share of positions shown. */
  scale: number;
  every: number;
  fromMove: number;
  toMove: number;
  moves: number;
  /** Attempts made, the one that fitted included. */
  attempts: number;
}

/** Pictures read for the palette: the first and last positions and some between. */
const PALETTE_SAMPLES = 6;

export function buildReplay(job: ReplayJob): Replay {
  const game = loadGame(job.record);
  const planned = planReplay(game.plyCount, job.request);
  if (!planned.ok) throw new Error(`replay refused: ${planned.refusal.code}`);
  const limit = job.byteLimit ?? REPLAY_BYTE_LIMIT;
  const messages = messagesFor(job.language);
  const lastPly = game.plyCount;
  const clocksOf = (ply: number) => {
    if (!job.fischer) return undefined;
    const left = clocksAt(job.fischer.control, job.fischer.timesLeft, game.setup.sideToMove, ply);
    // The last picture of a game lost or drawn on time: the side that ran out has nothing left.
    if (ply === lastPly && game.result?.reason === 'timeout') left[game.turn] = 0;
    return { attackers: messages.clock.time(left.attackers), defenders: messages.clock.time(left.defenders) };
  };
  const draw = (snapshot: ReturnType<typeof game.snapshot>) =>
    boardPixels(snapshot, job.players, {
      messages,
      view: job.view,
      clocks: clocksOf(snapshot.plyCount),
      ...(job.aborted && snapshot.plyCount === lastPly ? { note: messages.replayAbortedNote } : {}),
    });

  const { plies } = planned.plan;
  const sampled = [
    ...new Set(
      Array.from(
        { length: PALETTE_SAMPLES },
        (_, i) => plies[Math.round((i * (plies.length - 1)) / (PALETTE_SAMPLES - 1))],
      ),
    ),
  ];
  const palette = gamePalette(
    [...positionsOf(game, sampled)].map((snapshot) => ofFrame(draw(snapshot))),
    palettes[job.view?.palette ?? 'classic'],
  );

  let attempt: Attempt = FIRST_ATTEMPT;
  for (let attempts = 1; ; attempts++) {
    const plan = thinned(planned.plan, attempt.every, job.request.speed);
    const encoded = encode(plan, attempt.scale);
    if (encoded.fitted) {
      const { encoder } = encoded;
      return {
        gif: encoder.finish(),
        frames: encoder.frameCount,
        width: encoder.width,
        height: encoder.height,
        scale: attempt.scale,
        every: attempt.every,
        fromMove: plan.fromMove,
        toMove: plan.toMove,
        moves: plan.moves,
        attempts,
      };
    }
    const fewest = plan.plies.length <= 2 && attempt.scale === SCALES.at(-1);
    if (fewest) throw new Error(`even two pictures of the game take more than ${limit} bytes`);
    attempt = nextAttempt(attempt, encoded.projected, limit);
  }

  function encode(plan: FramePlan, scale: number) {
    let encoder: AnimationEncoder | null = null;
    let scaler: Downscaler | null = null;
    let firstFrameBytes = 0;
    let frame = 0;
    for (const snapshot of positionsOf(game, plan.plies)) {
      let picture: Pixels = ofFrame(draw(snapshot));
      if (scale < 1) {
        scaler ??= new Downscaler(picture.width, picture.height, scale);
        picture = scaler.update(picture);
      }
      encoder ??= new AnimationEncoder(palette, picture.width, picture.height);
      encoder.add(picture, plan.delays[frame]);
      frame++;
      if (frame === 1) firstFrameBytes = encoder.bytes;
      const progress = {
        bytes: encoder.bytes,
        firstFrameBytes,
        framesDone: frame,
        framesInAll: plan.plies.length,
      };
      if (overBudget(progress, limit)) return { fitted: false as const, projected: projectedBytes(progress) };
    }
    if (!encoder) throw new Error('a replay without frames');
    // The trailer byte is all finish() adds.
    if (encoder.bytes + 1 > limit) return { fitted: false as const, projected: encoder.bytes + 1 };
    return { fitted: true as const, encoder };
  }
}
