/**
 * Colours, in three palettes a member chooses from (/settings). In every one, pieces differ in
 * lightness and in shape, never in hue alone: attackers dark discs, defenders light discs, guards
 * light discs with a dark ring, the king a larger light disc with a cross. Marks are shapes too
 * (outline, X, ring). `classic` is the wooden board; `colour-blind` takes its marks from the
 * Okabe–Ito colours (blue against vermilion, never red against green); `high-contrast` is black on
 * white with saturated marks.
 */
export interface Palette {
  background: string;
  board: string;
  boardDark: string;
  line: string;
  special: string;
  /** Tablut's edge squares, where the king escapes: a band between board and special squares. */
  edgeEscape: string;
  specialMark: string;
  coordinate: string;
  text: string;
  textMuted: string;
  attacker: string;
  attackerEdge: string;
  attackerShine: string;
  defender: string;
  defenderEdge: string;
  kingMark: string;
  lastMoveFill: string;
  lastMoveEdge: string;
  capture: string;
  escapeThreat: string;
  captureThreat: string;
  /** The exit fort that won a game: its region tinted, outlined. */
  fortFill: string;
  fortEdge: string;
}

export const PALETTE_NAMES = ['classic', 'colour-blind', 'high-contrast'] as const;
export type PaletteName = (typeof PALETTE_NAMES)[number];

const classic: Palette = {
  background: '#f3ead7',
  board: '#e2bf82',
  boardDark: '#d4ab68',
  line: '#5b3f22',
  special: '#a8794a',
  edgeEscape: '#c89a5c',
  specialMark: '#5b3f22',
  coordinate: '#3b2a16',
  text: '#2a1e10',
  textMuted: '#6b5841',
  attacker: '#262626',
  attackerEdge: '#000000',
  attackerShine: '#5a5a5a',
  defender: '#fbf8f0',
  defenderEdge: '#2a2a2a',
  kingMark: '#2a2a2a',
  lastMoveFill: 'rgba(255, 196, 0, 0.55)',
  lastMoveEdge: '#c98a00',
  capture: '#c62828',
  escapeThreat: '#1b7f3a',
  captureThreat: '#c62828',
  fortFill: 'rgba(27, 127, 58, 0.32)',
  fortEdge: '#1b7f3a',
};

export const palettes: Record<PaletteName, Palette> = {
  classic,
  'colour-blind': {
    ...classic,
    // Okabe–Ito: sky blue and blue for the last move and the king's escape, vermilion for captures.
    lastMoveFill: 'rgba(86, 180, 233, 0.5)',
    lastMoveEdge: '#0072b2',
    capture: '#d55e00',
    escapeThreat: '#0072b2',
    captureThreat: '#d55e00',
    fortFill: 'rgba(0, 114, 178, 0.3)',
    fortEdge: '#0072b2',
  },
  'high-contrast': {
    background: '#ffffff',
    board: '#f2f2f2',
    boardDark: '#d9d9d9',
    line: '#000000',
    special: '#a6a6a6',
    edgeEscape: '#cccccc',
    specialMark: '#000000',
    coordinate: '#000000',
    text: '#000000',
    textMuted: '#333333',
    attacker: '#000000',
    attackerEdge: '#000000',
    attackerShine: '#6e6e6e',
    defender: '#ffffff',
    defenderEdge: '#000000',
    kingMark: '#000000',
    lastMoveFill: 'rgba(255, 221, 0, 0.7)',
    lastMoveEdge: '#0047ff',
    capture: '#e00000',
    escapeThreat: '#0047ff',
    captureThreat: '#e00000',
    fortFill: 'rgba(0, 71, 255, 0.3)',
    fortEdge: '#0047ff',
  },
};

/** The classic palette: the colours of pictures no member chose for (crosstables, plots, defaults). */
export const palette: Palette = classic;
