/**
 * Colours. Pieces differ in lightness and in shape, never in hue alone, so colour-blind players
 * tell them apart: attackers dark discs, defenders light discs, guards light discs with a dark
 * ring, the king a larger light disc with a cross. Marks are shapes too (outline, X, ring).
 */
export const palette = {
  background: '#f3ead7',
  board: '#e2bf82',
  boardDark: '#d4ab68',
  line: '#5b3f22',
  special: '#a8794a',
  /** Tablut's edge squares, where the king escapes: a band between board and special squares. */
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
  /** The exit fort that won a game: its region tinted, outlined. */
  fortFill: 'rgba(27, 127, 58, 0.32)',
  fortEdge: '#1b7f3a',
} as const;
