/** Titles that name a game by its players (/history, /analyze, a game's thread): the `titles` namespace. */
import { i18n } from './resources.ts';

/** "Fetlar Hnefatafl: Ann v Bob", "Fetlar Hnefatafl：山田 対 李": the names as the caller made them safe. */
export function gameTitle(
  language: string,
  p: { variant: string; attackers: string; defenders: string },
): string {
  return i18n.getFixedT(language, 'titles')('game', p);
}
