/**
 * The caption above the board, in three lines: the title (variant and move), both players with
 * their sides, and whose turn it is or the result. Each line is a band of rows named by exactly
 * what is written in it, so that the encoder keeps its pixels across pictures: the players' line
 * is the same all game, the turn line one of a few, and the title changes once a move.
 */
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { BoardSnapshot, Side } from '../engine/index.ts';
import { type Messages, resultText } from '../i18n/index.ts';
import type { Band } from './bands.ts';
import { font } from './fonts.ts';
import type { Layout } from './layout.ts';
import { palettes } from './palette.ts';
import { type Frame, pasteCanvas } from './raster.ts';
import { cleanName, fitText } from './text.ts';

/** A band of the picture (nothing of the line is drawn outside its rows), named by everything its pixels depend on. */
export interface CaptionLine extends Band {
  /** Writes the line with the context's origin at the caption's top-left corner. */
  write(context: SKRSContext2D, width: number): void;
}

/** The rows between the lines; the last line ends at the caption's foot. */
const TITLE_FOOT = 50;
const PLAYERS_FOOT = 126;

export function captionLines(
  layout: Layout,
  snapshot: BoardSnapshot,
  players: { attackers: string; defenders: string },
  m: Messages,
  note?: string,
  clocks?: Record<Side, string>,
): CaptionLine[] {
  const palette = palettes[layout.view.palette];
  const named = (...parts: string[]) =>
    `caption:${JSON.stringify([layout.width, layout.view.palette, m.language, ...parts])}`;
  const left = layout.margin;

  const title = `${m.variantName({ id: snapshot.variant, name: snapshot.variantName })} · ${m.captionMove({ number: snapshot.moveNumber })}${note ? ` · ${note}` : ''}`;
  const sides = [
    { side: 'attackers', name: cleanName(players.attackers), dark: true, baseline: 79 },
    { side: 'defenders', name: cleanName(players.defenders), dark: false, baseline: 115 },
  ] as const;
  const labels = sides.map(({ side }) => ` (${m.side(side)})`);
  const finished = Boolean(snapshot.result);
  const turn = status(snapshot, m);

  return [
    {
      top: 0,
      bottom: TITLE_FOOT,
      name: named('title', title),
      write(context, width) {
        context.fillStyle = palette.text;
        // A long title (a German variant name with a match note) is set smaller rather than cut.
        for (let size = 30; size >= 20; size -= 2) {
          context.font = font(size, true, title);
          if (context.measureText(title).width <= width) break;
        }
        context.fillText(fitText(context, title, width), left, 38);
      },
    },
    {
      top: TITLE_FOOT,
      bottom: PLAYERS_FOOT,
      name: named(
        'players',
        sides[0].name,
        labels[0],
        sides[1].name,
        labels[1],
        ...(clocks ? [clocks.attackers, clocks.defenders, finished ? '' : snapshot.sideToMove] : []),
      ),
      // One line for each player, with a disc of their side's colour before the name, and their
      // clock at the end of the line (the side to move's darker).
      write(context, width) {
        const times = clocks ? sides.map(({ side }) => clocks[side]) : ['', ''];
        context.font = font(25, true, times.join(''));
        const clockRoom = Math.max(...times.map((time) => (time ? context.measureText(time).width + 16 : 0)));
        sides.forEach(({ side, baseline }, i) => {
          if (!times[i]) return;
          context.fillStyle = !finished && side === snapshot.sideToMove ? palette.text : palette.textMuted;
          context.textAlign = 'right';
          context.fillText(times[i], left + width, baseline);
          context.textAlign = 'left';
        });
        context.font = font(25, false, sides[0].name + sides[1].name + labels.join(''));
        sides.forEach(({ name, dark, baseline }, i) => {
          context.beginPath();
          context.arc(left + 12, baseline - 9, 11, 0, Math.PI * 2);
          context.fillStyle = dark ? palette.attacker : palette.defender;
          context.fill();
          context.lineWidth = 2;
          context.strokeStyle = palette.defenderEdge;
          context.stroke();
          context.fillStyle = palette.text;
          const room = width - 30 - clockRoom - context.measureText(labels[i]).width;
          context.fillText(`${fitText(context, name, room)}${labels[i]}`, left + 30, baseline);
        });
      },
    },
    {
      top: PLAYERS_FOOT,
      bottom: layout.captionHeight,
      name: named('status', finished ? 'result' : 'turn', turn),
      write(context, width) {
        context.font = font(25, true, turn);
        context.fillStyle = finished ? palette.capture : palette.textMuted;
        context.fillText(fitText(context, turn, width), left, 151);
      },
    },
  ];
}

const canvases = new Map<string, Canvas>();

/**
 * Draws a caption line into its rows of the frame, on a canvas of just those rows (reading a
 * canvas's pixels back costs by its size). Drawing is synchronous, so one canvas per size serves.
 */
export function drawCaptionLine(frame: Frame, line: CaptionLine, layout: Layout, m: Messages): void {
  const height = line.bottom - line.top;
  const key = `${layout.width}x${height}`;
  let canvas = canvases.get(key);
  if (!canvas) {
    canvas = createCanvas(layout.width, height);
    canvases.set(key, canvas);
  }
  const context = canvas.getContext('2d');
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.lang = m.language;
  context.fillStyle = palettes[layout.view.palette].background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';
  context.translate(0, -line.top);
  line.write(context, layout.width - 2 * layout.margin);
  pasteCanvas(frame, canvas, line.top);
}

function status(snapshot: BoardSnapshot, m: Messages): string {
  if (snapshot.result) return resultText(m, snapshot.result, snapshot.repetition, snapshot.sideToMove);
  const turn = m.captionTurn(snapshot.sideToMove);
  const warnings = [
    snapshot.threats.kingCanEscape ? m.kingCanEscape : '',
    snapshot.threats.kingCanBeCaptured ? m.kingCanBeCaptured : '',
  ].filter(Boolean);
  return warnings.length > 0 ? `${turn} · ${warnings.join(' · ')}!` : turn;
}
