/**
 * The characters a font file has glyphs for, read from its cmap table: TrueType/OpenType files as
 * they are, WOFF2 after Brotli (its tables are stored one after another in one compressed stream).
 * The pictures ask it which CJK file draws a character; the tests, whether every script is covered.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

/** WOFF2's known table tags, by the index its table directory gives (the spec's table). */
const KNOWN_TAGS =
  'cmap head hhea hmtx maxp name OS/2 post cvt fpgm glyf loca prep CFF VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'.split(
    ' ',
  );

/** The cmap table of a TrueType or OpenType file. */
function sfntCmap(font: Buffer): Buffer {
  const tables = font.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap')
      return font.subarray(
        font.readUInt32BE(record + 8),
        font.readUInt32BE(record + 8) + font.readUInt32BE(record + 12),
      );
  }
  throw new Error('no cmap table');
}

/** The cmap table of a WOFF2 file. */
function woff2Cmap(font: Buffer): Buffer {
  const tables = font.readUInt16BE(12);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = font[at++];
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('bad UIntBase128');
  };
  let offset = 0;
  let cmap: { offset: number; length: number } | undefined;
  for (let i = 0; i < tables; i++) {
    const flags = font[at++];
    let tag = KNOWN_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      tag = font.toString('latin1', at, at + 4);
      at += 4;
    }
    const version = flags >> 6;
    const original = base128();
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    const length = transformed ? base128() : original;
    if (tag === 'cmap') cmap = { offset, length };
    offset += length;
  }
  if (!cmap) throw new Error('no cmap table');
  const stream = brotliDecompressSync(font.subarray(at, at + font.readUInt32BE(20)));
  return stream.subarray(cmap.offset, cmap.offset + cmap.length);
}

/** The code points a cmap maps to a glyph (its Unicode subtable: format 12, else format 4). */
function codePoints(cmap: Buffer): Set<number> {
  const covered = new Set<number>();
  const subtables = [...Array(cmap.readUInt16BE(2)).keys()].map((i) => ({
    platform: cmap.readUInt16BE(4 + i * 8),
    encoding: cmap.readUInt16BE(6 + i * 8),
    offset: cmap.readUInt32BE(8 + i * 8),
  }));
  const unicode = subtables.filter(
    ({ platform, encoding }) => platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)),
  );
  const full = unicode.find(({ offset }) => cmap.readUInt16BE(offset) === 12);
  if (full) {
    const groups = cmap.readUInt32BE(full.offset + 12);
    for (let g = 0; g < groups; g++) {
      const at = full.offset + 16 + g * 12;
      for (let c = cmap.readUInt32BE(at); c <= cmap.readUInt32BE(at + 4); c++) covered.add(c);
    }
    return covered;
  }
  const basic = unicode.find(({ offset }) => cmap.readUInt16BE(offset) === 4);
  if (!basic) throw new Error('no Unicode cmap subtable');
  const segments = cmap.readUInt16BE(basic.offset + 6) / 2;
  const ends = basic.offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(ends + s * 2);
    const start = cmap.readUInt16BE(starts + s * 2);
    const delta = cmap.readInt16BE(deltas + s * 2);
    const rangeOffset = cmap.readUInt16BE(ranges + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const at = ranges + s * 2 + rangeOffset + (c - start) * 2;
        glyph = cmap.readUInt16BE(at);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) covered.add(c);
    }
  }
  return covered;
}

/** The code points a font file (.ttf, .otf or .woff2) has glyphs for. */
export function fontCoverage(path: string): Set<number> {
  const font = readFileSync(path);
  return codePoints(font.toString('latin1', 0, 4) === 'wOF2' ? woff2Cmap(font) : sfntCmap(font));
}
