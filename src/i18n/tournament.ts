/** Tournaments' words (src/tournament, commands/tournament.ts): the catalogue's `tournament` namespace. */
import type { Side } from '../engine/index.ts';
import { i18n } from './resources.ts';

type Format = 'round-robin' | 'swiss';

export function tournamentMessages(language: string) {
  const t = i18n.getFixedT(language, 'tournament');
  const byFormat = (format: Format) => (format === 'swiss' ? 'swiss' : 'roundRobin');
  return {
    format: (p: { format: Format; double: boolean }): string =>
      t(p.format === 'swiss' ? 'format.swiss' : p.double ? 'format.doubleRoundRobin' : 'format.roundRobin'),
    rounds: (p: { rounds: number }) => t('rounds', { count: p.rounds }),
    roundsByField: t('roundsByField'),
    signup: (p: {
      name: string;
      variant: string;
      format: string;
      rounds: string;
      time: string;
      organiser: string;
      max: number;
    }) => t('signup', p),
    entrants: (p: { count: number; names: string }) =>
      p.count === 0 ? t('noPlayers') : t('entrants', { count: p.count, names: p.names }),
    join: t('join'),
    leave: t('leave'),
    start: t('start'),
    signupClosed: t('signupClosed'),
    signupCancelled: t('signupCancelled'),
    signupFinished: t('signupFinished'),
    startedBy: (p: { name: string; rounds: number }) => t('startedBy', { name: p.name, count: p.rounds }),
    roundTitle: (p: { name: string; number: number; rounds: number }) => t('roundTitle', p),
    pairingLine: (p: { attackers: string; defenders: string; where: string }) => t('pairingLine', p),
    byeLine: (p: { name: string; points: number }) => t(p.points > 0 ? 'byePoint' : 'byeOff', p),
    forfeitLine: (p: { attackers: string; defenders: string }) => t('forfeitLine', p),
    threadName: (p: { number: number; attackers: string; defenders: string }) => t('threadName', p),
    gameOpening: (p: { name: string; number: number; attackersId: string; defendersId: string }) =>
      t('gameOpening', p),
    standingsAfter: (p: { name: string; round: number; rounds: number }) => t('standingsAfter', p),
    finalStandings: (p: { name: string }) => t('finalStandings', p),
    standingsNow: (p: { name: string; round: number; rounds: number }) =>
      t(p.round === 0 ? 'notStartedYet' : 'standingsNow', p),
    winner: (p: { names: string }) => t('winner', p),
    endedEarly: t('endedEarly'),
    tiebreak: (p: { format: Format }): string => t(`tiebreak.${byFormat(p.format)}`),
    tiebreakShort: (p: { format: Format }): string => t(`tiebreakShort.${byFormat(p.format)}`),
    footer: (p: { tiebreak: string; sides: boolean }) => t(p.sides ? 'footerSides' : 'footer', p),
    player: t('player'),
    points: t('points'),
    round: (p: { number: number }) => t('round', p),
    bye: t('bye'),
    withdrawn: t('withdrawn'),
    noPlayers: t('noPlayers'),
    withdrew: (p: { name: string; tournament: string }) => t('withdrew', p),
    left: (p: { name: string; tournament: string }) => t('left', p),
    removed: (p: { name: string; tournament: string; by: string }) => t('removed', p),
    forfeited: (p: { name: string; by: string }) => t('forfeited', p),
    cancelled: (p: { name: string; by: string }) => t('cancelled', p),
    aborted: (p: { threadId: string }) => t('aborted', p),
    needsManageEvents: t('needsManageEvents'),
    noThreads: t('noThreads'),
    created: (p: { name: string }) => t('created', p),
    sideLetter: (p: { side: Side }): string => t(`sideLetter.${p.side}`),
    pictureFinal: t('pictureFinal'),
    pictureAfter: (p: { round: number; rounds: number }) => t('pictureAfter', p),
    pictureNotStarted: t('pictureNotStarted'),
    crosstableFile: t('crosstableFile'),
    crosstableDescription: (p: { name: string }) => t('crosstableDescription', p),
  };
}
