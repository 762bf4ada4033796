/** The move picker's words and the boards' descriptions for screen readers: the catalogue's `picker` namespace. */
import type { Side } from '../engine/index.ts';
import { i18n } from './resources.ts';

export function pickerMessages(language: string) {
  const t = i18n.getFixedT(language, 'picker');
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  return {
    move: t('move'),
    choosePiece: (p: { variant: string; number: number }) => t('choosePiece', p),
    chooseGroup: (p: { variant: string; number: number }) => t('chooseGroup', p),
    groupsMenu: t('groupsMenu'),
    group: (p: { first: string; last: string; count: number }) => t('group', p),
    piecesMenu: (p: { first: string; last: string }) => t('piecesMenu', p),
    pieceChosen: (p: { square: string }) => t('pieceChosen', p),
    destinationsMenu: (p: { square: string; first: string; last: string }) => t('destinationsMenu', p),
    strongest: t('strongest'),
    back: t('back'),
    played: (p: { move: string }) => t('played', p),
    positionChanged: t('positionChanged'),
    alt: {
      position: (p: { variant: string; number: number; side: Side }) =>
        t('alt.position', { ...p, context: p.side }),
      over: (p: { variant: string; number: number }) => t('alt.over', p),
      lastMove: (p: { move: string; captured: readonly string[] }) =>
        p.captured.length === 0
          ? t('alt.lastMove', p)
          : t('alt.lastMoveCapturing', { move: p.move, squares: list.format(p.captured) }),
      king: (p: { square: string | null }) =>
        p.square === null ? t('alt.kingGone') : t('alt.king', { square: p.square }),
      kingCanEscape: t('alt.kingCanEscape'),
      kingCanBeCaptured: t('alt.kingCanBeCaptured'),
    },
  };
}
