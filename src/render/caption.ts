/** The caption above the board: variant and move, both players with their sides, whose turn or the result. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { BoardSnapshot } from '../engine/index.ts';
import { font } from './fonts.ts';
import type { Layout } from './layout.ts';
import { palette } from './palette.ts';
import { cleanName, fitText } from './text.ts';

export function drawCaption(
  context: SKRSContext2D,
  layout: Layout,
  snapshot: BoardSnapshot,
  players: { attackers: string; defenders: string },
  note?: string,
): void {
  const left = layout.margin;
  const width = layout.width - 2 * layout.margin;
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';

  context.fillStyle = palette.text;
  context.font = font(24, true);
  const title = `${snapshot.variantName} · move ${snapshot.moveNumber}${note ? ` · ${note}` : ''}`;
  context.fillText(fitText(context, title, width), left, 32);

  // One half of the width for each player, with a small disc of their side before the name.
  context.font = font(21);
  const half = width / 2;
  const sides = [
    { side: 'attackers', name: players.attackers, dark: true },
    { side: 'defenders', name: players.defenders, dark: false },
  ] as const;
  sides.forEach(({ side, name, dark }, index) => {
    const x = left + index * half;
    context.beginPath();
    context.arc(x + 10, 57, 9, 0, Math.PI * 2);
    context.fillStyle = dark ? palette.attacker : palette.defender;
    context.fill();
    context.lineWidth = 2;
    context.strokeStyle = palette.defenderEdge;
    context.stroke();
    context.fillStyle = palette.text;
    context.fillText(fitText(context, `${cleanName(name)} (${side})`, half - 40), x + 26, 65);
  });

  context.font = font(21, true);
  context.fillStyle = snapshot.result ? palette.capture : palette.textMuted;
  context.fillText(fitText(context, status(snapshot), width), left, 95);
}

function status(snapshot: BoardSnapshot): string {
  if (snapshot.result) return snapshot.result.description;
  const turn = `${snapshot.sideToMove === 'attackers' ? 'Attackers' : 'Defenders'} to move`;
  const warnings = [
    snapshot.threats.kingCanEscape ? 'the king can escape' : '',
    snapshot.threats.kingCanBeCaptured ? 'the king can be captured' : '',
  ].filter(Boolean);
  return warnings.length > 0 ? `${turn} · ${warnings.join(' · ')}!` : turn;
}
