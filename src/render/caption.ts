/** The caption above the board: variant and move, both players with their sides, whose turn or the result. */
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { BoardSnapshot } from '../engine/index.ts';
import { type Messages, resultText } from '../i18n/index.ts';
import { font } from './fonts.ts';
import type { Layout } from './layout.ts';
import { palette } from './palette.ts';
import { cleanName, fitText } from './text.ts';

const canvases = new Map<string, Canvas>();

/** The caption drawn on a canvas of the picture's width and the caption's height (reused: drawing is synchronous). */
export function drawCaption(
  layout: Layout,
  snapshot: BoardSnapshot,
  players: { attackers: string; defenders: string },
  m: Messages,
  note?: string,
): Canvas {
  const key = `${layout.width}x${layout.captionHeight}`;
  let canvas = canvases.get(key);
  if (!canvas) {
    canvas = createCanvas(layout.width, layout.captionHeight);
    canvases.set(key, canvas);
  }
  const context = canvas.getContext('2d');
  context.lang = m.language;
  context.fillStyle = palette.background;
  context.fillRect(0, 0, canvas.width, canvas.height);

  const left = layout.margin;
  const width = layout.width - 2 * layout.margin;
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';

  context.fillStyle = palette.text;
  const title = `${m.variantName(snapshot.variant)} · ${m.captionMove({ number: snapshot.moveNumber })}${note ? ` · ${note}` : ''}`;
  // A long title (a German variant name with a match note) is set smaller rather than cut.
  for (let size = 30; size >= 20; size -= 2) {
    context.font = font(size, true);
    if (context.measureText(title).width <= width) break;
  }
  context.fillText(fitText(context, title, width), left, 38);

  // One line for each player, with a disc of their side's colour before the name.
  context.font = font(25);
  const sides = [
    { side: 'attackers', name: players.attackers, dark: true, baseline: 79 },
    { side: 'defenders', name: players.defenders, dark: false, baseline: 115 },
  ] as const;
  for (const { side, name, dark, baseline } of sides) {
    context.beginPath();
    context.arc(left + 12, baseline - 9, 11, 0, Math.PI * 2);
    context.fillStyle = dark ? palette.attacker : palette.defender;
    context.fill();
    context.lineWidth = 2;
    context.strokeStyle = palette.defenderEdge;
    context.stroke();
    context.fillStyle = palette.text;
    const label = ` (${m.side(side)})`;
    const room = width - 30 - context.measureText(label).width;
    context.fillText(`${fitText(context, cleanName(name), room)}${label}`, left + 30, baseline);
  }

  context.font = font(25, true);
  context.fillStyle = snapshot.result ? palette.capture : palette.textMuted;
  context.fillText(fitText(context, status(snapshot, m), width), left, 151);
  return canvas;
}

function status(snapshot: BoardSnapshot, m: Messages): string {
  if (snapshot.result) return resultText(m, snapshot.result, snapshot.variant, snapshot.sideToMove);
  const turn = m.captionTurn(snapshot.sideToMove);
  const warnings = [
    snapshot.threats.kingCanEscape ? m.kingCanEscape : '',
    snapshot.threats.kingCanBeCaptured ? m.kingCanBeCaptured : '',
  ].filter(Boolean);
  return warnings.length > 0 ? `${turn} · ${warnings.join(' · ')}!` : turn;
}
