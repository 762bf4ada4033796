/**
 * The fonts ship with the project as npm packages, so pictures look the same on a server with no
 * system fonts: DejaVu Sans for text (Latin, Greek, Cyrillic, Hebrew, Arabic, ...) and monochrome
 * Noto Emoji for the emoji people put in their names.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

export const FONT_FAMILY = 'Tafl Sans';
const EMOJI_FAMILY = 'Tafl Emoji';

/**
 * Noto Emoji comes split by Unicode range into a dozen files. Each is registered as a family of
 * its own and every font string lists them all: text shaping falls back family by family, glyph
 * by glyph, whereas files sharing one family name would hide all but one of them.
 */
let families = '';

export function registerFonts(): void {
  if (families) return;
  const require = createRequire(import.meta.url);
  const dejavu = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) register(join(dejavu, file), FONT_FAMILY);

  const emoji = join(dirname(require.resolve('@fontsource/noto-emoji/package.json')), 'files');
  const files = readdirSync(emoji)
    .filter((file) => file.endsWith('-400-normal.woff2'))
    .sort();
  const names = files.map((file, index) => {
    register(join(emoji, file), `${EMOJI_FAMILY} ${index}`);
    return `"${EMOJI_FAMILY} ${index}"`;
  });
  families = [`"${FONT_FAMILY}"`, ...names].join(', ');
}

function register(path: string, family: string): void {
  if (!GlobalFonts.registerFromPath(path, family)) throw new Error(`could not load the font ${path}`);
}

export const font = (px: number, bold = false) => `${bold ? 'bold ' : ''}${px}px ${families}`;
