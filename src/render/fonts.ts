/**
 * The fonts ship with the project as npm packages, so pictures look the same on a server with no
 * system fonts: DejaVu Sans for text (Latin, Greek, Cyrillic, Hebrew, Arabic, ...), monochrome
 * Noto Emoji for the emoji people put in their names, and Noto Sans SC and KR (variable weight)
 * for Chinese, Japanese (kana and kanji) and Korean names and captions.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

export const FONT_FAMILY = 'Tafl Sans';

/** A font file and the family it is registered as. */
export interface FontFile {
  path: string;
  family: string;
}

/**
 * Noto Emoji and Noto Sans SC/KR come split by Unicode range into many files. Each is registered as
 * a family of its own and every font string lists them all: text shaping falls back family by
 * family, glyph by glyph, whereas files sharing one family name would hide all but one of them.
 * Only the CJK files of Noto Sans are taken: DejaVu draws the Latin and Cyrillic.
 */
const SPLIT_FONTS = [
  { package: '@fontsource/noto-emoji', family: 'Tafl Emoji', file: /-400-normal\.woff2$/ },
  { package: '@fontsource-variable/noto-sans-sc', family: 'Tafl CJK', file: /-\d+-wght-normal\.woff2$/ },
  { package: '@fontsource-variable/noto-sans-kr', family: 'Tafl Hangul', file: /-\d+-wght-normal\.woff2$/ },
];

let files: FontFile[] = [];
let families = '';

/** Every font file of the pictures, in the order text falls back through them. */
export function fontFiles(): readonly FontFile[] {
  if (files.length === 0) {
    const require = createRequire(import.meta.url);
    const dejavu = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    files = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => ({
      path: join(dejavu, file),
      family: FONT_FAMILY,
    }));
    for (const split of SPLIT_FONTS) {
      const folder = join(dirname(require.resolve(`${split.package}/package.json`)), 'files');
      const names = readdirSync(folder)
        .filter((file) => split.file.test(file))
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
      for (const [index, file] of names.entries())
        files.push({ path: join(folder, file), family: `${split.family} ${index}` });
    }
  }
  return files;
}

/** Registers the fonts, once; the first picture drawn calls it. */
export function registerFonts(): void {
  if (families) return;
  for (const { path, family } of fontFiles())
    if (!GlobalFonts.registerFromPath(path, family)) throw new Error(`could not load the font ${path}`);
  families = [...new Set(fontFiles().map(({ family }) => `"${family}"`))].join(', ');
}

export const font = (px: number, bold = false) => `${bold ? 'bold ' : ''}${px}px ${families}`;
