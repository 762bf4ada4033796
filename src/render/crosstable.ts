/**
 * A tournament's crosstable as a PNG: a pure function of the table's cells, drawn with canvas in
 * the board pictures' fonts and colours. Compact on purpose: Discord shows a picture about 400
 * pixels wide, and a small field's table stays legible at that width.
 */
import { createCanvas } from '@napi-rs/canvas';
import { font, registerFonts } from './fonts.ts';
import { palette } from './palette.ts';
import { cleanName, fitText } from './text.ts';
import { wrapText } from './wrap.ts';

export interface CrosstableRow {
  rank: number;
  name: string;
  /** One per column: a result against that rank (round robin) or that round's game (Swiss). */
  cells: string[];
  points: string;
  tiebreak: string;
  /** Drawn muted and struck: the player left the tournament. */
  withdrawn?: boolean;
}

export interface Crosstable {
  title: string;
  /** Under the title, muted: which round the table stands after. */
  subtitle?: string;
  /** Column heads: `#`, the player, each result column, the points and the tiebreak. */
  heads: { rank: string; player: string; columns: string[]; points: string; tiebreak: string };
  rows: CrosstableRow[];
  /** Column `i` of row `rank i+1` is the player against themself (round robin): shaded. */
  diagonal: boolean;
  footer?: string;
}

const TEXT_PX = 22;
const HEAD_PX = 18;
const TITLE_PX = 24;
const FOOTER_PX = 15;
const ROW = 34;
const PAD = 10;
const MARGIN = 14;
const NAME_MAX = 230;
const NAME_MAX_WIDE = 150;
const highlight = '#e9dcc0';
const stripe = '#ece1c9';
const rule = '#c9b48f';

export function renderCrosstable(table: Crosstable): Buffer {
  registerFonts();
  // Every text of the table, so that each font string carries the families its characters need.
  const everyText = [
    table.title,
    table.subtitle ?? '',
    ...Object.values(table.heads).flat(),
    ...table.rows.flatMap((row) => [row.name, ...row.cells]),
    table.footer ?? '',
  ].join('');
  const fontOf = (px: number, bold = false) => font(px, bold, everyText);
  const probe = createCanvas(1, 1).getContext('2d');
  const measure = (text: string, px: number, bold = false) => {
    probe.font = fontOf(px, bold);
    return probe.measureText(text).width;
  };
  const names = table.rows.map((row) => cleanName(row.name));
  const widest = (texts: string[], px: number, bold = false) =>
    Math.max(0, ...texts.map((text) => measure(text, px, bold)));

  const rankWidth =
    Math.ceil(
      Math.max(
        widest(
          table.rows.map((r) => String(r.rank)),
          TEXT_PX,
        ),
        measure(table.heads.rank, HEAD_PX, true),
      ),
    ) +
    2 * PAD;
  // Long names are cut shorter in a wide table.
  const nameMax = table.heads.columns.length > 8 ? NAME_MAX_WIDE : NAME_MAX;
  const nameWidth =
    Math.ceil(
      Math.min(nameMax, Math.max(widest(names, TEXT_PX), measure(table.heads.player, HEAD_PX, true))),
    ) +
    2 * PAD;
  // Result columns as narrow as their widest cell: a wide field must still read at 400 pixels.
  const columnWidths = table.heads.columns.map(
    (head, i) =>
      Math.ceil(
        Math.max(
          measure(head, HEAD_PX, true),
          widest(
            table.rows.map((row) => row.cells[i] ?? ''),
            TEXT_PX,
          ),
          TEXT_PX * 0.75,
        ),
      ) + PAD,
  );
  const pointsWidth =
    Math.ceil(
      Math.max(
        measure(table.heads.points, HEAD_PX, true),
        widest(
          table.rows.map((r) => r.points),
          TEXT_PX,
          true,
        ),
      ),
    ) +
    2 * PAD;
  const tiebreakWidth =
    Math.ceil(
      Math.max(
        measure(table.heads.tiebreak, HEAD_PX, true),
        widest(
          table.rows.map((r) => r.tiebreak),
          TEXT_PX,
        ),
      ),
    ) +
    2 * PAD;
  const tableWidth =
    rankWidth + nameWidth + columnWidths.reduce((a, b) => a + b, 0) + pointsWidth + tiebreakWidth;

  const subtitleHeight = table.subtitle ? HEAD_PX + 10 : 0;
  const titleHeight = TITLE_PX + 16 + subtitleHeight;
  const inner = Math.max(
    tableWidth,
    Math.min(2 * tableWidth, Math.ceil(measure(table.title, TITLE_PX, true))),
    Math.ceil(measure(table.subtitle ?? '', HEAD_PX)),
  );
  const footerLines = table.footer ? wrapText(table.footer, inner, (text) => measure(text, FOOTER_PX)) : [];
  const footerHeight = footerLines.length > 0 ? footerLines.length * (FOOTER_PX + 6) + 10 : 0;
  const width = inner + 2 * MARGIN;
  const height = MARGIN + titleHeight + ROW * (table.rows.length + 1) + footerHeight + MARGIN;

  const canvas = createCanvas(Math.ceil(width), Math.ceil(height));
  const context = canvas.getContext('2d');
  context.fillStyle = palette.background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textBaseline = 'middle';

  context.fillStyle = palette.text;
  context.font = fontOf(TITLE_PX, true);
  context.textAlign = 'left';
  context.fillText(fitText(context, table.title, width - 2 * MARGIN), MARGIN, MARGIN + TITLE_PX / 2 + 2);
  if (table.subtitle) {
    context.fillStyle = palette.textMuted;
    context.font = fontOf(HEAD_PX);
    context.fillText(table.subtitle, MARGIN, MARGIN + TITLE_PX + 8 + HEAD_PX / 2 + 2);
  }

  const top = MARGIN + titleHeight;
  // Column edges, left to right: rank, name, results, points, tiebreak.
  const edges = [MARGIN];
  for (const w of [rankWidth, nameWidth, ...columnWidths, pointsWidth, tiebreakWidth])
    edges.push(edges.at(-1)! + w);
  const resultStart = 2;
  const pointsColumn = 2 + columnWidths.length;

  // Head.
  context.fillStyle = highlight;
  context.fillRect(MARGIN, top, tableWidth, ROW);
  context.fillStyle = palette.text;
  context.font = fontOf(HEAD_PX, true);
  const heads = [
    table.heads.rank,
    table.heads.player,
    ...table.heads.columns,
    table.heads.points,
    table.heads.tiebreak,
  ];
  heads.forEach((head, column) => {
    drawCell(
      context,
      head,
      edges[column],
      edges[column + 1],
      top + ROW / 2,
      column === 1 ? 'left' : 'center',
    );
  });

  table.rows.forEach((row, index) => {
    const y = top + ROW * (index + 1);
    if (index % 2 === 1) {
      context.fillStyle = stripe;
      context.fillRect(MARGIN, y, tableWidth, ROW);
    }
    if (table.diagonal && index < columnWidths.length) {
      context.fillStyle = palette.boardDark;
      context.fillRect(edges[resultStart + index], y, columnWidths[index], ROW);
    }
    const middle = y + ROW / 2;
    context.fillStyle = row.withdrawn ? palette.textMuted : palette.text;
    context.font = fontOf(TEXT_PX);
    drawCell(context, String(row.rank), edges[0], edges[1], middle, 'center');
    const name = fitText(context, names[index], nameWidth - 2 * PAD);
    drawCell(context, name, edges[1], edges[2], middle, 'left');
    if (row.withdrawn) {
      const nameWidthDrawn = context.measureText(name).width;
      context.fillRect(edges[1] + PAD, middle, nameWidthDrawn, 2);
    }
    row.cells.forEach((cell, i) => {
      drawCell(context, cell, edges[resultStart + i], edges[resultStart + i + 1], middle, 'center');
    });
    context.font = fontOf(TEXT_PX, true);
    drawCell(context, row.points, edges[pointsColumn], edges[pointsColumn + 1], middle, 'center');
    context.font = fontOf(TEXT_PX);
    drawCell(context, row.tiebreak, edges[pointsColumn + 1], edges[pointsColumn + 2], middle, 'center');
  });

  // Rules: under the head, between the name and the results, around the points.
  context.fillStyle = rule;
  const bottom = top + ROW * (table.rows.length + 1);
  context.fillRect(MARGIN, top + ROW - 1, tableWidth, 2);
  for (const column of [2, pointsColumn]) context.fillRect(edges[column] - 1, top, 2, bottom - top);
  context.fillRect(MARGIN, bottom - 1, tableWidth, 2);

  context.fillStyle = palette.textMuted;
  context.font = fontOf(FOOTER_PX);
  footerLines.forEach((line, i) => {
    context.textAlign = 'left';
    context.fillText(line, MARGIN, bottom + 10 + (FOOTER_PX + 6) * i + FOOTER_PX / 2 + 2);
  });
  return canvas.toBuffer('image/png');
}

function drawCell(
  context: ReturnType<ReturnType<typeof createCanvas>['getContext']>,
  text: string,
  left: number,
  right: number,
  middle: number,
  align: 'left' | 'center',
): void {
  context.textAlign = align;
  context.fillText(text, align === 'left' ? left + PAD : (left + right) / 2, middle + 1);
}
