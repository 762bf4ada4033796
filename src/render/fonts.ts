/**
 * The fonts ship with the project as npm packages, so pictures look the same on a server with no
 * system fonts: DejaVu Sans for text (Latin, Greek, Cyrillic, Hebrew, Arabic, ...), monochrome
 * Noto Emoji for the emoji people put in their names, and Noto Sans SC and KR (variable weight)
 * for Chinese, Japanese (kana and kanji) and Korean names and captions. Each file is registered
 * once: DejaVu and the emoji by the first picture, a CJK file by the first text that needs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import { fontCoverage } from './font-coverage.ts';

export const FONT_FAMILY = 'Tafl Sans';
const EMOJI_FAMILY = 'Tafl Emoji';

/** A font file and the family it is registered as. */
export interface FontFile {
  path: string;
  family: string;
}

/**
 * Noto Emoji and Noto Sans SC/KR come split by Unicode range into many files. Each is registered as
 * a family of its own: text shaping falls back family by family, glyph by glyph, whereas files
 * sharing one family name would hide all but one of them. The dozen emoji families are in every
 * font string; of the two hundred CJK ones, a text's font string lists only those its characters
 * need (by the ranges the package declares), so Latin text is set exactly as before, as fast.
 */
const CJK_FONTS = [
  { package: '@fontsource-variable/noto-sans-sc', family: 'Tafl CJK' },
  { package: '@fontsource-variable/noto-sans-kr', family: 'Tafl Hangul' },
];
/** Below this code point DejaVu and the emoji serve: no CJK file is needed. */
const FIRST_CJK = 0x1100;

let files: FontFile[] = [];
/** Each CJK file's code point ranges, in the files' order (the first that covers a character draws it): `[start, end, index in files]`. */
let cjkRanges: [number, number, number][] = [];
let families = '';

const require = createRequire(import.meta.url);
const folderOf = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** A split package's CJK files (not its Latin, Cyrillic, Vietnamese ones) with their declared ranges. */
function cjkFaces(name: string): { file: string; ranges: [number, number][] }[] {
  const css = readFileSync(join(folderOf(name), 'index.css'), 'utf8');
  return [
    ...css.matchAll(/url\(\.\/files\/([^)]+-\d+-wght-normal\.woff2)\)[^;]*;\s*unicode-range:\s*([^;]+);/g),
  ].map(([, file, ranges]) => ({
    file,
    ranges: ranges.split(',').map((range) => {
      const [start, end = start] = range.trim().replace(/^U\+/i, '').split('-');
      return [Number.parseInt(start, 16), Number.parseInt(end, 16)] as [number, number];
    }),
  }));
}

/** Every font file of the pictures, in the order text falls back through them. */
export function fontFiles(): readonly FontFile[] {
  if (files.length > 0) return files;
  const dejavu = join(folderOf('dejavu-fonts-ttf'), 'ttf');
  files = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => ({
    path: join(dejavu, file),
    family: FONT_FAMILY,
  }));
  const emoji = join(folderOf('@fontsource/noto-emoji'), 'files');
  const emojiFiles = readdirSync(emoji)
    .filter((file) => file.endsWith('-400-normal.woff2'))
    .sort();
  for (const [index, file] of emojiFiles.entries())
    files.push({ path: join(emoji, file), family: `${EMOJI_FAMILY} ${index}` });
  const ranges: [number, number, number][] = [];
  for (const cjk of CJK_FONTS) {
    for (const [index, face] of cjkFaces(cjk.package).entries()) {
      for (const [start, end] of face.ranges) if (end >= FIRST_CJK) ranges.push([start, end, files.length]);
      files.push({ path: join(folderOf(cjk.package), 'files', face.file), family: `${cjk.family} ${index}` });
    }
  }
  cjkRanges = ranges;
  return files;
}

/**
 * Registers DejaVu and the emoji, once; the first picture drawn calls it. A CJK file is registered
 * when a text first needs it: two hundred files would cost every process the better part of a
 * second at its first picture, and most servers never draw a CJK character.
 */
export function registerFonts(): void {
  if (families) return;
  const always = fontFiles().filter(({ family }) => !isCjk(family));
  for (const file of always) register(file);
  families = [...new Set(always.map(({ family }) => `"${family}"`))].join(', ');
}

const registered = new Set<string>();
function register({ path, family }: FontFile): void {
  if (registered.has(path)) return;
  if (!GlobalFonts.registerFromPath(path, family)) throw new Error(`could not load the font ${path}`);
  registered.add(path);
}

const isCjk = (family: string) => CJK_FONTS.some((cjk) => family.startsWith(`${cjk.family} `));

const cjkFileCache = new Map<number, FontFile | undefined>();
const coverage = new Map<string, Set<number>>();
const covers = (file: FontFile, point: number) => {
  let points = coverage.get(file.path);
  if (!points) {
    points = fontCoverage(file.path);
    coverage.set(file.path, points);
  }
  return points.has(point);
};

/**
 * The first CJK file that has a glyph for a code point: among those whose declared range holds it
 * (the ranges are generous), the first whose own cmap has it. Looked up once per character.
 */
function cjkFileOf(point: number): FontFile | undefined {
  if (cjkFileCache.has(point)) return cjkFileCache.get(point);
  const range = cjkRanges.find(
    ([start, end, index]) => start <= point && point <= end && covers(files[index], point),
  );
  const file = range ? files[range[2]] : undefined;
  if (file) register(file);
  cjkFileCache.set(point, file);
  return file;
}

/** The CJK families a text needs, as a font string's tail (empty for text with no CJK character). */
function cjkFamilies(text: string): string {
  let tail = '';
  for (const character of text) {
    const point = character.codePointAt(0) as number;
    if (point < FIRST_CJK) continue;
    const file = cjkFileOf(point);
    if (file && !tail.includes(`"${file.family}"`)) tail += `, "${file.family}"`;
  }
  return tail;
}

/** A font string for `px` pixels that draws every character of `text` (what will be drawn with it). */
export const font = (px: number, bold = false, text = '') =>
  `${bold ? 'bold ' : ''}${px}px ${families}${cjkFamilies(text)}`;
