import { describe, expect, it } from 'vitest';
import { midgame } from '../../bench/sample-games.ts';
import { type BoardSnapshot, Game, type PieceKind, variantIds } from '../../src/engine/index.ts';
import {
  centreOfSquare,
  type Layout,
  layoutOf,
  palette,
  proportionsFor,
  renderBoard,
} from '../../src/render/index.ts';
import { gameWith } from '../engine/setup.ts';
import { type Colour, decodePng, type Picture } from '../support/png.ts';

const players = { attackers: 'Ragnar', defenders: 'Æthelflæd' };

/** Whether a pixel shows one of the palette's colours (a hex like `#262626`). */
function shows(pixel: Colour, hex: string): boolean {
  const wanted = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return pixel.every((channel, index) => Math.abs(channel - wanted[index]) <= 3);
}

/**
 * What the picture shows on a square, read from three pixels: the centre (the king's cross),
 * a point on a guard's inner ring, and a point inside every disc but off every inner marking.
 */
function pieceShown(picture: Picture, layout: Layout, square: string): PieceKind | null {
  const { x, y } = centreOfSquare(layout, square);
  const { cell } = layout;
  const sizes = proportionsFor(cell);
  const centre = picture.pixel(x, y);
  const ring = picture.pixel(x + cell * sizes.guardRing, y);
  const inside = cell * sizes.piece * 0.52;
  const body = picture.pixel(x + inside, y + inside);
  if (shows(body, palette.attacker)) return shows(centre, palette.attacker) ? 'attacker' : null;
  if (!shows(body, palette.defender)) return null;
  if (shows(centre, palette.kingMark)) return 'king';
  if (!shows(centre, palette.defender)) return null;
  if (shows(ring, palette.defenderEdge)) return 'guard';
  return shows(ring, palette.defender) ? 'defender' : null;
}

function squares(size: number): string[] {
  const all: string[] = [];
  for (let rank = 1; rank <= size; rank++)
    for (let file = 0; file < size; file++) all.push(`${String.fromCharCode(97 + file)}${rank}`);
  return all;
}

async function picture(snapshot: BoardSnapshot, names = players) {
  return { picture: await decodePng(await renderBoard(snapshot, names)), layout: layoutOf(snapshot) };
}

describe('the board picture', () => {
  it.each(variantIds)('%s: a PNG of the layout’s size, each square showing its piece', async (variant) => {
    const game = new Game(variant);
    const snapshot = game.snapshot();
    const png = await renderBoard(snapshot, players);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const decoded = await decodePng(png);
    const layout = layoutOf(snapshot);
    expect([decoded.width, decoded.height]).toEqual([layout.width, layout.height]);
    expect(layout.width).toBeGreaterThanOrEqual(800);
    for (const square of squares(snapshot.size)) {
      expect(pieceShown(decoded, layout, square), square).toBe(game.pieceAt(square));
    }
  });

  it('draws each kind of piece in its own colours: dark attackers, light defenders, ringed guards, a crossed king', async () => {
    const game = gameWith(
      'alea-guards',
      { king: 'j10', attackers: ['c3'], defenders: ['e5'], guards: ['j11'] },
      'attackers',
    );
    const { picture: drawn, layout } = await picture(game.snapshot());
    const at = (square: string, dx: number, dy: number) => {
      const { x, y } = centreOfSquare(layout, square);
      return drawn.pixel(x + dx * layout.cell, y + dy * layout.cell);
    };
    expect(at('c3', 0, 0)).toEqual(hex(palette.attacker));
    expect(at('c3', 0.21, 0.21)).toEqual(hex(palette.attacker));
    expect(at('e5', 0, 0)).toEqual(hex(palette.defender));
    const { guardRing } = proportionsFor(layout.cell);
    expect(at('e5', guardRing, 0)).toEqual(hex(palette.defender));
    expect(at('j11', 0, 0)).toEqual(hex(palette.defender));
    expect(at('j11', guardRing, 0)).toEqual(hex(palette.defenderEdge));
    expect(at('j10', 0, 0)).toEqual(hex(palette.kingMark));
    expect(at('j10', 0.21, 0.21)).toEqual(hex(palette.defender));
    expect(pieceShown(drawn, layout, 'd4')).toBeNull();
  });

  it('a midgame position: every piece where the engine has it', async () => {
    const game = new Game('alea-guards');
    for (const move of ['c1-c2', 'j11-k11', 'f6-f8', 'l11-l12', 'c2-c4']) game.play(move);
    const { picture: drawn, layout } = await picture(game.snapshot());
    for (const square of squares(19))
      expect(pieceShown(drawn, layout, square), square).toBe(game.pieceAt(square));
  });

  /** Whether the last-move outline crosses the left edge of a square's cell. */
  const outlined = (drawn: Picture, layout: Layout, square: string) => {
    const { x, y } = centreOfSquare(layout, square);
    const edge = x - layout.cell / 2;
    for (let dx = 0; dx < layout.cell * 0.2; dx++)
      if (shows(drawn.pixel(edge + dx, y), palette.lastMoveEdge)) return true;
    return false;
  };

  it('on squares: outlines the last move and crosses out the captured square', async () => {
    const game = gameWith('fetlar', { king: 'f6', defenders: ['c4'], attackers: ['b4', 'd1'] }, 'attackers');
    const before = await picture(game.snapshot());
    game.play('d1-d4');
    const { picture: after, layout } = await picture(game.snapshot());
    expect(outlined(before.picture, layout, 'd1')).toBe(false);
    expect(outlined(after, layout, 'd1')).toBe(true);
    expect(outlined(after, layout, 'd4')).toBe(true);
    expect(outlined(after, layout, 'e4')).toBe(false);
    const captured = centreOfSquare(layout, 'c4');
    expect(shows(after.pixel(captured.x, captured.y), palette.capture)).toBe(true);
    const from = centreOfSquare(layout, 'd1');
    expect(shows(after.pixel(from.x, from.y), palette.capture)).toBe(false);
    expect(pieceShown(after, layout, 'd4')).toBe('attacker');
  });

  it('on points: the same marks around the points', async () => {
    const game = gameWith(
      'alea-walker',
      { king: 'j10', attackers: ['d4', 'e5', 'd8'], defenders: ['d5', 'c6'] },
      'attackers',
    );
    game.play('d8-d6');
    expect(game.snapshot().lastMove?.captured).toEqual(['d5']);
    const { picture: drawn, layout } = await picture(game.snapshot());
    expect(outlined(drawn, layout, 'd8')).toBe(true);
    expect(outlined(drawn, layout, 'd6')).toBe(true);
    const captured = centreOfSquare(layout, 'd5');
    expect(shows(drawn.pixel(captured.x, captured.y), palette.capture)).toBe(true);
    expect(pieceShown(drawn, layout, 'c6')).toBe('defender');
  });

  it('rings a king who can escape (solid) or be captured (dashed), and no other', async () => {
    /** The share of points around the king, on the threat ring, showing the colour. */
    const ringShare = async (game: Game, colour: string) => {
      const { picture: drawn, layout } = await picture(game.snapshot());
      const king = squares(game.snapshot().size).find((square) => game.pieceAt(square) === 'king') ?? '';
      const { x, y } = centreOfSquare(layout, king);
      const radius = layout.cell * proportionsFor(layout.cell).threatRing;
      let hits = 0;
      for (let step = 0; step < 48; step++) {
        const angle = (step / 48) * Math.PI * 2;
        if (shows(drawn.pixel(x + radius * Math.cos(angle), y + radius * Math.sin(angle)), colour)) hits++;
      }
      return hits / 48;
    };
    const escaping = gameWith(
      'fetlar',
      { king: 'c1', attackers: ['f1', 'h7'], defenders: ['e6'] },
      'attackers',
    );
    expect(escaping.threats().kingCanEscape).toBe(true);
    expect(await ringShare(escaping, palette.escapeThreat)).toBeGreaterThan(0.9);
    expect(await ringShare(escaping, palette.captureThreat)).toBe(0);

    const threatened = gameWith(
      'alea-armed',
      { king: 'e5', attackers: ['d5', 'f5', 'e6', 'h4'], defenders: ['a10'] },
      'attackers',
    );
    expect(threatened.threats().kingCanBeCaptured).toBe(true);
    const dashed = await ringShare(threatened, palette.captureThreat);
    expect(dashed).toBeGreaterThan(0.3);
    expect(dashed).toBeLessThan(0.9);
    expect(await ringShare(threatened, palette.escapeThreat)).toBe(0);

    const quiet = new Game('fetlar');
    expect(await ringShare(quiet, palette.escapeThreat)).toBe(0);
    expect(await ringShare(quiet, palette.captureThreat)).toBe(0);
  });

  /** A square's ground: a point off its piece, its cross, the grid lines and the last-move outline. */
  const ground = (drawn: Picture, layout: Layout, square: string) => {
    const { x, y } = centreOfSquare(layout, square);
    return drawn.pixel(x - layout.cell * 0.42, y - layout.cell * 0.3);
  };
  const edgeSquares = (size: number) =>
    squares(size).filter((square) => {
      const file = square.charCodeAt(0) - 97;
      const rank = Number(square.slice(1)) - 1;
      return file === 0 || rank === 0 || file === size - 1 || rank === size - 1;
    });

  it.each([
    { variant: 'brandubh', size: 7, throne: 'd4', corners: ['a1', 'a7', 'g1', 'g7'] },
    { variant: 'tablut', size: 9, throne: 'e5', corners: [] },
    { variant: 'copenhagen', size: 11, throne: 'f6', corners: ['a1', 'a11', 'k1', 'k11'] },
  ] as const)(
    '$variant: a $size x $size board of squares, its throne and corners marked',
    async ({ variant, size, throne, corners }) => {
      const snapshot = new Game(variant).snapshot();
      const { picture: drawn, layout } = await picture(snapshot);
      expect([layout.size, layout.drawnOn]).toEqual([size, 'squares']);
      // The grid fills the picture whatever the board's size: 400 px wide, a 7x7 square is 50 px.
      expect(layout.cell * size).toBeGreaterThanOrEqual(740);
      expect([drawn.width, drawn.height]).toEqual([layout.width, layout.height]);
      // The throne shows round the king who stands on it.
      expect(shows(ground(drawn, layout, throne), palette.special)).toBe(true);
      for (const corner of corners)
        expect(shows(ground(drawn, layout, corner), palette.special), corner).toBe(true);
      expect(shows(ground(drawn, layout, 'b2'), palette.board)).toBe(true);
      expect(shows(ground(drawn, layout, 'c3'), palette.board)).toBe(true);
      // Tablut's goal is the whole edge: a band of tinted squares, and no corner marked as special.
      const edge = snapshot.special.edgeEscape ? palette.edgeEscape : palette.board;
      for (const square of edgeSquares(size).filter((square) => !corners.includes(square as never)))
        expect(shows(ground(drawn, layout, square), edge), square).toBe(true);
    },
  );

  it('on the large squares of 7x7 a piece leaves room round it; on 11x11 it spans 80% of its square', async () => {
    const reach = async (variant: 'brandubh' | 'fetlar', square: string) => {
      const { picture: drawn, layout } = await picture(new Game(variant).snapshot());
      const { x, y } = centreOfSquare(layout, square);
      return drawn.pixel(x + layout.cell * 0.39, y);
    };
    expect(await reach('brandubh', 'd7')).toEqual(hex(palette.board));
    expect(await reach('fetlar', 'f11')).not.toEqual(hex(palette.board));
  });

  it('Copenhagen: a shieldwall capture crosses out every square of the row', async () => {
    const game = gameWith(
      'copenhagen',
      { king: 'f6', defenders: ['d1', 'e1', 'f1', 'h7'], attackers: ['c1', 'd2', 'e2', 'f2', 'g5', 'b9'] },
      'attackers',
    );
    game.play('g5-g1');
    expect(game.snapshot().lastMove?.captured).toEqual(['d1', 'e1', 'f1']);
    const { picture: drawn, layout } = await picture(game.snapshot());
    for (const square of ['d1', 'e1', 'f1']) {
      const { x, y } = centreOfSquare(layout, square);
      expect(shows(drawn.pixel(x, y), palette.capture), square).toBe(true);
    }
    expect(outlined(drawn, layout, 'g1')).toBe(true);
    expect(pieceShown(drawn, layout, 'g1')).toBe('attacker');
  });

  it('Copenhagen: an exit fort that won the game is outlined round the king’s region and tinted', async () => {
    const game = gameWith(
      'copenhagen',
      { king: 'e1', defenders: ['d1', 'e2', 'f2', 'g3'], attackers: ['a5', 'k6', 'f7', 'c8'] },
      'defenders',
    );
    game.play('g3-g1');
    expect(game.snapshot().result).toMatchObject({ reason: 'exit-fort', square: 'e1' });
    const { picture: drawn, layout } = await picture(game.snapshot());
    // A point on the line along a side of a square, 2 px outside it (on e1, round the king) or
    // inside (on f1, whose east side the last move's outline on g1 covers outside).
    const side = (square: string, dx: number, dy: number) => {
      const { x, y } = centreOfSquare(layout, square);
      const off = layout.cell / 2 + (square === 'e1' ? 2 : -2);
      return drawn.pixel(x + dx * off, y + dy * off);
    };
    // The outline: round e1 and f1, the region the king moves in, and not between them.
    for (const [square, dx, dy] of [
      ['e1', -1, 0],
      ['e1', 0, -1],
      ['e1', 0, 1],
      ['f1', 0, -1],
      ['f1', 0, 1],
      ['f1', 1, 0],
    ] as const)
      expect(shows(side(square, dx, dy), palette.fortEdge), `${square} ${dx},${dy}`).toBe(true);
    expect(shows(side('e1', 1, 0), palette.fortEdge)).toBe(false);
    // The tint: green over the board inside, the board itself outside.
    const [red, green] = ground(drawn, layout, 'f1');
    expect(green).toBeGreaterThan(red);
    expect(shows(ground(drawn, layout, 'h1'), palette.board)).toBe(true);
    expect(shows(ground(drawn, layout, 'e3'), palette.board)).toBe(true);
    expect(pieceShown(drawn, layout, 'e1')).toBe('king');
    expect(pieceShown(drawn, layout, 'g1')).toBe('defender');
  });

  it('no fort is drawn when the king won otherwise, or before the game is over', async () => {
    const fortEdgeShown = (drawn: Picture) => {
      for (let y = 0; y < drawn.height; y += 2)
        for (let x = 0; x < drawn.width; x += 2) if (shows(drawn.pixel(x, y), palette.fortEdge)) return true;
      return false;
    };
    const escaped = gameWith(
      'tablut',
      { king: 'c4', defenders: ['e5', 'c6'], attackers: ['a5', 'h8', 'e9'] },
      'defenders',
    );
    escaped.play('c4-c1');
    expect(escaped.snapshot().result?.reason).toBe('king-escaped');
    expect(fortEdgeShown((await picture(escaped.snapshot())).picture)).toBe(false);
    expect(fortEdgeShown((await picture(midgame('copenhagen', 30, 7).snapshot())).picture)).toBe(false);
  });

  it('the same input gives the same bytes, a different one different bytes', async () => {
    const game = new Game('alea-armed');
    const first = await renderBoard(game.snapshot(), players);
    await renderBoard(new Game('fetlar').snapshot(), players);
    expect(first.equals(await renderBoard(game.snapshot(), players))).toBe(true);
    game.play(game.legalMoves()[0]);
    expect(first.equals(await renderBoard(game.snapshot(), players))).toBe(false);
  });

  it('any name, however long or strange, stays inside the caption', async () => {
    const snapshot = new Game('fetlar').snapshot();
    const names = {
      attackers: `Z̸̡̛̤̺̙͔̈́̆̈̐a̷̧̛̩̟͚̿̈́̔l̶̢̖̟̈́͑̔g̷̭̪̈́o̵͖̾ ${'@everyone '.repeat(30)}`,
      defenders: `\u202e\u0000${'👑'.repeat(80)}\n${'ب'.repeat(200)}`,
    };
    const hostile = await picture(snapshot, names);
    const plain = await picture(snapshot, { attackers: '', defenders: '' });
    const { layout } = plain;
    // Nothing is drawn in the right-hand margin of the caption, and the board is untouched.
    for (let y = 45; y < layout.captionHeight; y += 3) {
      for (let x = layout.width - layout.margin + 4; x < layout.width; x += 3) {
        expect(hostile.picture.pixel(x, y)).toEqual(plain.picture.pixel(x, y));
      }
    }
    for (let y = layout.captionHeight; y < layout.height; y += 7) {
      for (let x = 0; x < layout.width; x += 7) {
        expect(hostile.picture.pixel(x, y)).toEqual(plain.picture.pixel(x, y));
      }
    }
  });
});

function hex(colour: string): Colour {
  return [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16)) as Colour;
}
