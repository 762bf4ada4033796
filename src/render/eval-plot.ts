/**
 * The plot of a reviewed game: the evaluation from the defenders' side after every move, with the
 * moments the king was threatened, the captures and the mistakes marked. Drawn at 2x for Discord,
 * legible at 400 px wide.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { GameReview } from '../analysis/review.ts';
import { DECISIVE } from '../analysis/review.ts';
import { font, registerFonts } from './fonts.ts';

export interface PlotLabels {
  title: string;
  /** Above the zero line, and below it. */
  defendersAhead: string;
  attackersAhead: string;
  /** The x axis. */
  move: string;
  /** The legend: king threatened, a capture, a mistake, a blunder. */
  kingThreatened: string;
  capture: string;
  mistake: string;
  blunder: string;
}

const WIDTH = 1200;
const HEIGHT = 660;
const MARGIN = { left: 120, right: 30, top: 90, bottom: 150 };
const INK = '#1f2328';
const GRID = '#d0d7de';
const DEFENDERS = '#f6f1e3';
const ATTACKERS = '#3b3b3b';
const LINE = '#0969da';
const THREAT = '#cf222e';
const CAPTURE = '#8250df';
const MISTAKE = '#bf8700';

export function renderEvalPlot(review: GameReview, labels: PlotLabels): Buffer {
  registerFonts();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WIDTH, HEIGHT);

  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const plies = Math.max(1, review.moves.length);
  const x = (ply: number) => MARGIN.left + (ply / plies) * plotWidth;
  const y = (score: number) => MARGIN.top + ((DECISIVE - score) / (2 * DECISIVE)) * plotHeight;

  // The two halves: the defenders' (light) above the line, the attackers' (dark) below.
  context.fillStyle = DEFENDERS;
  context.fillRect(MARGIN.left, MARGIN.top, plotWidth, plotHeight / 2);
  context.fillStyle = '#e8e8e8';
  context.fillRect(MARGIN.left, MARGIN.top + plotHeight / 2, plotWidth, plotHeight / 2);

  text(context, labels.title, MARGIN.left, 58, 42, 'bold');
  text(context, labels.defendersAhead, MARGIN.left + 16, MARGIN.top + 42, 32);
  text(
    context,
    labels.attackersAhead,
    MARGIN.left + 16,
    MARGIN.top + plotHeight - 18,
    32,
    'normal',
    ATTACKERS,
  );

  // Grid: the zero line, and every ten moves (every five in a short game).
  context.strokeStyle = GRID;
  context.lineWidth = 2;
  const moves = Math.ceil(plies / 2);
  const step = moves <= 30 ? 5 : moves <= 80 ? 10 : 20;
  for (let move = step; move <= moves; move += step) {
    const at = x(move * 2 - 1);
    line(context, at, MARGIN.top, at, MARGIN.top + plotHeight);
    text(context, String(move), at, MARGIN.top + plotHeight + 42, 32, 'normal', INK, 'center');
  }
  text(
    context,
    labels.move,
    MARGIN.left + plotWidth / 2,
    MARGIN.top + plotHeight + 84,
    32,
    'normal',
    INK,
    'center',
  );
  for (const score of [DECISIVE / 2, -DECISIVE / 2])
    line(context, MARGIN.left, y(score), MARGIN.left + plotWidth, y(score));
  context.strokeStyle = INK;
  context.lineWidth = 3;
  line(context, MARGIN.left, y(0), MARGIN.left + plotWidth, y(0));
  context.strokeRect(MARGIN.left, MARGIN.top, plotWidth, plotHeight);
  for (const [score, label] of [
    [DECISIVE, '+10'],
    [DECISIVE / 2, '+5'],
    [0, '0'],
    [-DECISIVE / 2, '−5'],
    [-DECISIVE, '−10'],
  ] as const)
    text(context, label, MARGIN.left - 14, y(score) + 11, 32, 'normal', INK, 'right');

  // The evaluation.
  context.strokeStyle = LINE;
  context.lineWidth = 5;
  context.lineJoin = 'round';
  context.beginPath();
  context.moveTo(x(0), y(review.evalStart));
  for (const move of review.moves) context.lineTo(x(move.ply), y(move.evalAfter));
  context.stroke();

  // The marks: a capture under the line's point, the king threatened as a red ring, mistakes as diamonds.
  for (const move of review.moves) {
    const px = x(move.ply);
    const py = y(move.evalAfter);
    if (move.captured > 0) dot(context, px, MARGIN.top + plotHeight - 14, 9, CAPTURE);
    if (move.kingThreatened) ring(context, px, py, 14, THREAT);
    if (move.verdict)
      diamond(
        context,
        px,
        py,
        move.verdict === 'blunder' ? 16 : 11,
        move.verdict === 'blunder' ? THREAT : MISTAKE,
      );
  }

  // The legend.
  const legendY = HEIGHT - 26;
  let at = MARGIN.left;
  ring(context, at + 12, legendY - 10, 12, THREAT);
  at = text(context, labels.kingThreatened, at + 32, legendY, 30) + 30;
  dot(context, at + 10, legendY - 10, 9, CAPTURE);
  at = text(context, labels.capture, at + 28, legendY, 30) + 30;
  diamond(context, at + 12, legendY - 10, 11, MISTAKE);
  at = text(context, labels.mistake, at + 30, legendY, 30) + 30;
  diamond(context, at + 14, legendY - 10, 15, THREAT);
  text(context, labels.blunder, at + 34, legendY, 30);

  return canvas.toBuffer('image/png');
}

function text(
  context: SKRSContext2D,
  value: string,
  x: number,
  y: number,
  size: number,
  weight: 'normal' | 'bold' = 'normal',
  color = INK,
  align: 'left' | 'center' | 'right' = 'left',
): number {
  context.font = font(size, weight === 'bold', value);
  context.fillStyle = color;
  context.textAlign = align;
  context.fillText(value, x, y);
  return x + context.measureText(value).width;
}

function line(context: SKRSContext2D, x1: number, y1: number, x2: number, y2: number): void {
  context.beginPath();
  context.moveTo(x1, y1);
  context.lineTo(x2, y2);
  context.stroke();
}

function dot(context: SKRSContext2D, x: number, y: number, radius: number, color: string): void {
  context.fillStyle = color;
  context.beginPath();
  context.arc(x, y, radius, 0, Math.PI * 2);
  context.fill();
}

function ring(context: SKRSContext2D, x: number, y: number, radius: number, color: string): void {
  context.strokeStyle = color;
  context.lineWidth = 4;
  context.beginPath();
  context.arc(x, y, radius, 0, Math.PI * 2);
  context.stroke();
}

function diamond(context: SKRSContext2D, x: number, y: number, size: number, color: string): void {
  context.fillStyle = color;
  context.beginPath();
  context.moveTo(x, y - size);
  context.lineTo(x + size, y);
  context.lineTo(x, y + size);
  context.lineTo(x - size, y);
  context.closePath();
  context.fill();
}
