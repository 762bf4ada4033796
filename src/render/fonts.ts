/** The fonts ship with the project (DejaVu, from the dejavu-fonts-ttf package): no system fonts needed. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

export const FONT_FAMILY = 'Tafl Sans';
let registered = false;

export function registerFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const folder = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(join(folder, file), FONT_FAMILY))
      throw new Error(`could not load the font ${file}`);
  }
  registered = true;
}

export const font = (px: number, bold = false) => `${bold ? 'bold ' : ''}${px}px "${FONT_FAMILY}"`;
