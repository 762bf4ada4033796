/**
 * Everything the bot says, in German: the words of the German Alea Evangelii rules (König,
 * Verteidiger, Angreifer, Thron, Eckfelder, gefangen) and the informal "du" Discord uses.
 */
import {
  type DecidedStartReason,
  type EndReason,
  isVariantId,
  type OpenTaflRulesErrorCode,
  type OpenTaflRulesParams,
  type PieceKind,
  type RefusalParams,
  type Side,
  type VariantId,
} from '../engine/index.ts';
import type { Messages } from './en.ts';
import { decidedStartMessagesDe, openTaflRulesMessagesDe } from './opentafl-rules.de.ts';
import { counted } from './plural.ts';

const SIDE: Record<Side, string> = { attackers: 'Angreifer', defenders: 'Verteidiger' };
const other = (side: Side): Side => (side === 'attackers' ? 'defenders' : 'attackers');
const ORDINAL: Record<number, string> = { 2: 'zweiten', 3: 'dritten' };
/** A count with its noun, by German plural rules: `n(1, 'Partie', 'Partien')` is "1 Partie". */
const n = (count: number, one: string, other: string) => counted('de', count, { one, other });
const list = new Intl.ListFormat('de', { type: 'conjunction' });
const PIECE: Record<PieceKind, string> = {
  attacker: 'Angreifer',
  defender: 'Verteidiger',
  guard: 'Wächter',
  king: 'König',
};
/** The options of /nachspielen by their English names, as German clients show them. */
const REPLAY_OPTION: Record<string, string> = { from: 'von', to: 'bis' };
const WINNING_MOVE: Partial<Record<EndReason, string>> = {
  'king-captured': 'fängt den König',
  'king-escaped': 'König entkommt',
  'exit-fort': 'baut eine Randfestung',
  enclosed: 'schließt die Verteidiger ein',
};

export const VARIANT_NAMES_DE: Record<VariantId, string> = {
  'alea-guards': 'Alea Evangelii (Wächterregeln)',
  'alea-armed': 'Alea Evangelii (bewaffneter König)',
  'alea-walker': 'Alea Evangelii (Walker 2014)',
  fetlar: 'Fetlar Hnefatafl',
  copenhagen: 'Kopenhagener Hnefatafl',
  brandubh: 'Brandubh',
  tablut: 'Tablut',
};

/** The squares only the king may use, by the variant's word for them, with their articles. */
const ON_SPECIAL: Record<NonNullable<RefusalParams['special']>, string> = {
  throne: 'auf dem Thron',
  centre: 'auf dem Mittelpunkt',
  corner: 'auf einem Eckfeld',
  citadel: 'auf einer Zitadelle',
  edge: 'auf dem Rand',
};
const OVER_SPECIAL: Record<NonNullable<RefusalParams['special']>, string> = {
  throne: 'über den Thron',
  centre: 'über den Mittelpunkt',
  corner: 'über ein Eckfeld',
  citadel: 'über eine Zitadelle',
  edge: 'über den Rand',
};
const isThrone = (p: RefusalParams) => p.special === 'throne' || p.special === 'centre';

export const de: Messages = {
  language: 'de',
  side: (side) => SIDE[side],
  variantName: (variant) => (isVariantId(variant.id) ? VARIANT_NAMES_DE[variant.id] : variant.name),
  timeControl: (time) =>
    ({
      none: 'ohne Zeitlimit',
      '10m': `${n(10, 'Minute', 'Minuten')} pro Zug`,
      '1h': `${n(1, 'Stunde', 'Stunden')} pro Zug`,
      '1d': `${n(1, 'Tag', 'Tage')} pro Zug`,
      '3d': `${n(3, 'Tag', 'Tage')} pro Zug`,
    })[time],

  somethingWentWrong:
    'Bei uns ist etwas schiefgegangen, daher wurde nichts geändert. Bitte versuche es noch einmal.',
  andMore: (p) => `… und ${p.number} weitere`,
  answerNotShown:
    'Das ist geschehen, aber Discord hat die Nachricht dazu nicht angenommen, daher wird sie nicht gezeigt. `/brett` (oder der Befehl, den du benutzt hast) zeigt, wie es steht.',
  buttonNotOurs: 'Diese Schaltfläche gehört nicht mehr zu uns.',
  buttonInvalid: 'Diese Schaltfläche ist ungültig.',
  noGameRecorded: 'In diesem Kanal wurde noch keine Partie gespielt.',
  noVariant: (p) => `Die Variante „${p.variant}“ gibt es nicht: wähle eine von ${p.choices}.`,
  badTime: 'Die Bedenkzeit muss 10m, 1h, 1d, 3d oder none sein.',
  badSide: 'Die Seite muss attackers, defenders oder random sein.',
  badLevel: 'Die Stufe muss easy, normal oder hard sein.',
  aiChannelBusy:
    'In diesem Kanal läuft schon eine Partie: mit `thread:true` spielst du gegen die KI in einem neuen Thread, oder nimm einen anderen Kanal.',
  levelOnlyAgainstBot:
    'Die Option `level` gilt nur für Partien gegen den Bot: ein Mitglied spielt so stark, wie es spielt. Lass sie weg, um ein Mitglied herauszufordern.',
  threadInThread:
    'Das hier ist schon ein Thread, und ein Thread kann keine eigenen Threads haben: nutze `thread:true` in einem Kanal, oder lass es weg, um hier zu spielen.',
  noThreadsHere:
    'In diesem Kanal lassen sich keine Threads öffnen: lass `thread:true` weg, um hier zu spielen.',

  challenge: (p) =>
    `<@${p.opponentId}>, **${p.challenger}** fordert dich zu **${p.variant}** heraus (${p.terms}). Nimm innerhalb von 15 Minuten an: ${p.expires}.`,
  sidesAtRandom: 'Seiten werden ausgelost',
  challengerPlays: (p) => `${p.name} spielt die ${SIDE[p.side]}`,
  twoGameMatch: 'ein Wettkampf über zwei Partien',
  inNewThread: 'in einem neuen Thread',
  accept: 'Annehmen',
  decline: 'Ablehnen',
  withdraw: 'Zurückziehen',
  challengeClosed: (p) => `~~${p.challenger} hat ${p.opponent} zu ${p.variant} herausgefordert.~~ ${p.why}`,
  challengeExpired: 'Die Herausforderung ist abgelaufen.',
  declined: (p) => `${p.name} hat abgelehnt.`,
  withdrew: (p) => `${p.name} hat die Herausforderung zurückgezogen.`,
  accepted: (p) => `${p.name} hat angenommen.`,
  gameIsIn: (p) => `Die Partie läuft in <#${p.channelId}>.`,
  youPlayTheAi: (p) => `Du spielst die ${SIDE[p.side]} gegen die KI (${p.level}).`,
  aiMatch: 'Dies ist Partie 1 eines Wettkampfs über zwei Partien: in Partie 2 werden die Seiten getauscht.',
  level: (level) => ({ easy: 'leicht', normal: 'normal', hard: 'schwer' })[level],

  gameTitle: (p) => `${p.variant}: **${p.attackers}** (Angreifer) gegen **${p.defenders}** (Verteidiger)`,
  toMove: (p) => `${p.who} ist am Zug (${SIDE[p.side]}).`,
  deadline: (p) => `Frist ${p.when}.`,
  moveNumber: (p) => `${p.title}. Zug ${p.number}: ${p.situation}`,
  played: (p) =>
    `**${p.name}** (${SIDE[p.side]}) spielte **${p.move}**${
      p.captured === 0 ? '' : ` und schlug ${n(p.captured, 'Figur', 'Figuren')}`
    }.`,
  gameOver: (p) => `**Partie beendet.** ${p.result} ${p.verdict}`,
  wins: (p) => `**${p.name}** (${SIDE[p.side]}) gewinnt.`,
  drawn: 'Die Partie endet unentschieden.',
  result(result, { turn, occurrence, repetitionLosesDefenders }) {
    const square = result.square ?? '';
    const loser = result.winner ? other(result.winner) : turn;
    switch (result.reason) {
      case 'king-escaped':
        return `Der König ist nach ${square} entkommen: die Verteidiger gewinnen.`;
      case 'exit-fort':
        return `Der König hat auf ${square} eine Randfestung gebaut: die Verteidiger gewinnen.`;
      case 'king-captured':
        return `Der König wurde auf ${square} gefangen: die Angreifer gewinnen.`;
      case 'enclosed':
        return 'Die Angreifer haben den König und alle seine Verteidiger eingeschlossen: die Angreifer gewinnen.';
      case 'repetition':
        if (result.winner && repetitionLosesDefenders)
          return `Die Stellung stand zum ${ORDINAL[occurrence]} Mal auf dem Brett: die Verteidiger verlieren.`;
        return result.winner
          ? `Die ${SIDE[loser]} haben die Stellung zum ${ORDINAL[occurrence]} Mal wiederholt und verlieren.`
          : `Die Stellung stand zum ${ORDINAL[occurrence]} Mal auf dem Brett: unentschieden.`;
      case 'no-legal-move':
        return result.winner
          ? `Die ${SIDE[loser]} haben keinen legalen Zug und verlieren.`
          : `Die ${SIDE[loser]} haben keinen legalen Zug: unentschieden.`;
      case 'resignation':
        return `Die ${SIDE[loser]} haben aufgegeben.`;
      case 'agreed-draw':
        return 'Remis vereinbart.';
      case 'timeout':
        return `Die Zeit der ${SIDE[loser]} ist abgelaufen.`;
    }
  },
  rematch: 'Revanche',

  matchLabel: (p) => `Wettkampf ${p.game}/2`,
  firstGameOver: 'Das war Partie 1 des Wettkampfs: Partie 2 folgt mit getauschten Seiten.',
  firstGameDrawn: 'Partie 1 des Wettkampfs endete unentschieden.',
  wonFirstGame: (p) => `**${p.name}** hat Partie 1 des Wettkampfs in ${n(p.moves, 'Zug', 'Zügen')} gewonnen.`,
  takesTheMatch: (p) => `**${p.name} gewinnt den Wettkampf**: ${p.why}.`,
  matchDrawn: (p) => `**Der Wettkampf endet unentschieden**: ${p.why}.`,
  matchReason(reason) {
    switch (reason.kind) {
      case 'unfinished':
        return `Partie ${reason.nextGame} von 2 steht noch aus`;
      case 'both-drawn':
        return 'beide Partien endeten unentschieden: der Wettkampf ist unentschieden';
      case 'only-decided-game':
        return `${reason.winner} gewann die einzige entschiedene Partie`;
      case 'both-games':
        return `${reason.winner} gewann beide Partien`;
      case 'equal-moves':
        return `je ein Sieg in ${n(reason.moves, 'Zug', 'Zügen')}: der Wettkampf ist unentschieden`;
      case 'fewer-moves':
        return `je ein Sieg: ${reason.winner} gewann in ${n(reason.moves, 'Zug', 'Zügen')}, ${reason.other} in ${reason.otherMoves}`;
    }
  },
  secondGame: (p) => `**Partie 2 des Wettkampfs**, Seiten getauscht: ${p.title}. ${p.situation}`,

  offersDraw: (p) =>
    `**${p.name}** bietet Remis an. <@${p.opponentId}>, nimm mit der Schaltfläche oder \`/remis\` an; ein Zug lehnt es ab.`,
  acceptDraw: 'Remis annehmen',
  drawAgreed: 'Remis vereinbart.',
  gameAborted: (p) =>
    `**${p.name}** hat die Partie von **${p.attackers}** (Angreifer) und **${p.defenders}** (Verteidiger) nach ${n(
      p.moves,
      'Zug',
      'Zügen',
    )} ohne Ergebnis beendet: sie zählt für niemanden. Dieser Kanal ist frei für ein neues \`/herausfordern\`.`,
  abortedFooter: 'von einem Moderator ohne Ergebnis beendet',
  asksUndo: (p) =>
    `**${p.name}** bittet darum, den letzten Zug **${p.move}** zurückzunehmen. <@${p.opponentId}>, bist du einverstanden?`,
  takeBack: 'Zurücknehmen',
  undoDeclined: (p) => `${p.name} hat abgelehnt, den Zug zurückzunehmen.`,
  takenBack: (p) => `**${p.move}** wurde zurückgenommen.`,
  reminder: (p) =>
    `<@${p.playerId}>, 80 % deiner Zeit für diesen Zug sind verbraucht: die Frist endet ${p.deadline}.`,

  lastGameRecord: 'Die zuletzt hier beendete Partie, in OpenTafl-Notation.',
  abortedGameRecord:
    'Die letzte Partie hier, von einem Moderator ohne Ergebnis beendet, in OpenTafl-Notation.',
  currentGameRecord: 'Die laufende Partie, in OpenTafl-Notation.',
  earlierMoves: '…frühere Züge in `/export`',
  noMovesYet: 'Noch keine Züge.',
  sideToMove: (p) => `${SIDE[p.side]} am Zug`,

  gameIdField: 'Partie-ID, für /nachspielen und /analysieren',
  gameIdNote: (p) =>
    `Partie-ID \`${p.id}\`: \`/nachspielen partie:${p.id}\` zeigt sie als Animation, und wenn sie beendet ist, sieht \`/analysieren partie:${p.id}\` sie noch einmal an.`,
  replayReady: (p) =>
    `${p.variant} nachgespielt: **${p.attackers}** (Angreifer) gegen **${p.defenders}** (Verteidiger), ${
      p.first === 1 && p.last === p.moves
        ? p.moves === 1
          ? 'ihr einziger Zug'
          : `alle ${n(p.moves, 'Zug', 'Züge')}`
        : `Züge ${p.first}–${p.last} von ${p.moves}`
    }. Partie \`${p.id}\`.`,
  replayAbortedNote: 'ohne Ergebnis beendet',
  replayInProgress:
    'Die Partie läuft noch: die Animation endet mit der Stellung, die jetzt auf dem Brett steht.',
  replayThinned: (p) =>
    `Damit die Datei unter Discords Größenlimit bleibt, zeigt sie nur jede ${p.every}. Stellung.`,
  replayScaled: (p) =>
    `Damit die Datei unter Discords Größenlimit bleibt, ist sie auf ${p.percent} % verkleinert.`,
  replayNoMoves: 'In dieser Partie wurde noch kein Zug gespielt: es gibt nichts nachzuspielen.',
  replayUnknownGame: (p) =>
    `Eine beendete Partie \`${p.id}\` ist nicht gespeichert. \`/verlauf\` und \`/export\` zeigen die ID einer Partie; eine laufende spielst du in ihrem Kanal mit \`/nachspielen\` allein nach.`,
  replayNotAMove: (p) =>
    `\`${REPLAY_OPTION[p.option] ?? p.option}\` ist eine Zugnummer, wie \`/verlauf\` sie zählt: 1 oder mehr, nicht ${p.number}.`,
  replayBeyondEnd: (p) =>
    `Die Partie hat ${n(p.moves, 'Zug', 'Züge')}: \`${REPLAY_OPTION[p.option] ?? p.option}:${p.number}\` liegt hinter ihrem Ende.`,
  replayFromAfterTo: (p) =>
    `\`von:${p.from}\` liegt nach \`bis:${p.to}\`, der Ausschnitt wäre also leer: vertauscht?`,
  replayBadSpeed: 'Das Tempo muss langsam, normal oder schnell sein.',
  replayBusy: 'Gerade werden mehrere Partien nachgespielt: versuche es in einer Minute noch einmal.',

  perServer: 'Tabellen werden pro Server geführt.',
  allVariants: 'alle Varianten',
  standingsTitle: (p) => `Tabelle: ${p.scope}`,
  noFinishedGames: 'Noch keine beendeten Partien.',
  noFinishedGamesStart: 'Noch keine beendeten Partien. Starte eine mit `/herausfordern`.',
  record: (p) =>
    `${n(p.games, 'Partie', 'Partien')}: ${p.wins} gewonnen, ${p.losses} verloren, ${p.draws} unentschieden, ${n(p.points, 'Punkt', 'Punkte')}.`,
  againstEachOpponent: 'Gegen jeden Gegner',
  headToHead: (p) => `${p.name}: ${p.wins} gewonnen, ${p.losses} verloren, ${p.draws} unentschieden`,
  ratedFooter:
    'Glicko-2-Wertung ± Abweichung; ? kennzeichnet eine vorläufige Wertung. Ein Sieg zählt 1 Punkt, ein Remis ½.',
  unratedFooter: 'Ein Sieg zählt 1 Punkt, ein Remis ½. Wähle eine Variante, um Wertungen zu sehen.',
  tableHead: (rated) => ` #  Mitglied          Spiele S   N   U  Punkte${rated ? '  Wertung' : ''}`,

  analysisTitle: (p) => `Analyse: ${p.title}`,
  analysing: (p) => `Analysiere Stellung ${p.done} von ${p.total}…`,
  analysisLive:
    'Diese Partie läuft noch: eine Analyse jetzt würde einer Seite gegen die andere helfen. Frag wieder, wenn sie beendet ist.',
  analysisNoGame:
    'In diesem Kanal ist noch keine Partie beendet: spiel eine, oder gib eine Partie-ID an (`/verlauf` zeigt sie).',
  analysisUnknownGame: (p) => `Eine beendete Partie „${p.id}“ gibt es auf diesem Server nicht.`,
  analysisWaiting: 'Dein letztes `/analysieren` ist noch in Arbeit: frag wieder, wenn es geantwortet hat.',
  analysisBusy: 'Gerade werden mehrere Partien analysiert: versuche es in ein paar Minuten noch einmal.',
  analysisPlotsBusy: 'Gerade werden viele Analyse-Diagramme gezeichnet: versuche es gleich noch einmal.',
  analysisWorst: (p) => `Die schlechtesten Züge der ${SIDE[p.side]}`,
  analysisNone: 'Keine Fehler: jeder Zug lag innerhalb von 1,5 der Wahl der KI.',
  analysisLine: (p) =>
    `${p.move}. **${p.notation}** ${p.blunder ? 'grober Fehler' : 'Fehler'}, ${p.swing}${p.better ? `; besser ${p.better}` : ''}`,
  analysisFooter: (p) =>
    `Die KI sah jede Stellung ${p.ms} ms lang an. Werte: etwa 1 je Bauernwert, aus Sicht der Verteidiger; ±10 ist ein erzwungener Sieg. Ein Fehler kostet 1,5, ein grober Fehler 4.`,
  plot: {
    defendersAhead: 'Verteidiger vorn',
    attackersAhead: 'Angreifer vorn',
    move: 'Zug',
    kingThreatened: 'König bedroht',
    capture: 'Schlagen',
    mistake: 'Fehler',
    blunder: 'grober Fehler',
  },

  helpTitle: 'Tafl spielen',
  help: (variants) => [
    '**Partie starten** `/herausfordern gegner:@jemand` (wähle `variante`, `seite`, und `thread:true`, um in einem neuen Thread zu spielen). Angenommen wird innerhalb von 15 Minuten mit der Schaltfläche.',
    '**Ziehen** `/zug e5-e8`: eine Figur zieht wie ein Turm, von einem Feld zu einem anderen. Beim Tippen schlägt der Bot deine legalen Züge vor: ohne Eingabe zuerst deine stärksten Züge (Schlagen, Fluchten, Drohungen gegen den König, Königszüge) mit dem, was sie bewirken, dann deine Figuren, die ziehen können; nach einem Feld die Züge dieser Figur.',
    '**Ansehen** `/brett` zeigt das Brett der Partie in diesem Kanal. Felder heißen nach Linie (Buchstabe) und Reihe (Zahl), `a1` ist unten links.',
    '**Beenden** `/aufgeben`, oder `/remis`, um Remis anzubieten (dein Gegner nimmt mit der Schaltfläche oder `/remis` an; ein Zug lehnt es ab). Moderatoren beenden eine festgefahrene Partie ohne Ergebnis mit `/abbrechen`.',
    '**Lernen** `/regeln` erklärt eine Variante. `/tabelle` zeigt die Tabelle dieses Servers. `/nachspielen` zeigt eine Partie noch einmal als Animation. `/analysieren` sieht eine beendete Partie noch einmal an: wer nach jedem Zug besser stand, und die schlechtesten Züge jeder Seite (ein Fehler kostet 1,5, etwa anderthalb Bauern; ein grober Fehler 4).',
    '**Turniere** `/turnier erstellen` eröffnet ein Rundenturnier oder ein Schweizer System mit einer Anmeldenachricht; die Partien jeder Runde beginnen in eigenen Threads, und `/turnier tabelle` zeigt die Kreuztabelle.',
    '**Hausregeln** Moderatoren fügen mit `/variante hinzufuegen` eigene Varianten des Servers aus OpenTafl-Regelzeilen hinzu und wählen mit `/variante standard` die Standardvariante; `/variante liste` zeigt alle.',
    `**Varianten** ${variants}`,
  ],
  variantFooter: (p) => `Variante: ${p.variant}`,
  serverVariantRules: 'Als OpenTafl-Regelzeile',
  addedBy: (p) => `Hinzugefügt von ${p.name}.`,

  variantsTitle: 'Varianten auf diesem Server',
  builtInVariants: 'Die eigenen des Bots',
  serverVariants: 'Die eigenen dieses Servers',
  noServerVariants:
    'Noch keine. Moderatoren fügen eine mit `/variante hinzufuegen name:<Name> regeln:<OpenTafl-Regelzeile>` hinzu.',
  isDefault: 'Standard',
  variantLine: (p) => `**${p.name}** \`${p.id}\`, ${p.size}x${p.size}`,
  variantAdded: (p) =>
    `**${p.name}** (\`${p.id}\`) hinzugefügt: herausfordern mit \`/herausfordern variante:${p.id}\`, die Regeln mit \`/regeln variante:${p.id}\`.`,
  variantRemoved: (p) =>
    `**${p.name}** entfernt. Laufende Partien darin werden nach ihren Regeln zu Ende gespielt, und ihre Tabelle bleibt.`,
  variantDefaultSet: (p) => `\`/herausfordern\` ohne Variante spielt jetzt **${p.name}**.`,
  variantNeedsManageServer:
    'Nur Mitglieder, die den Server verwalten dürfen, können Varianten hinzufügen, entfernen oder auswählen.',

  captionMove: (p) => `Zug ${p.number}`,
  captionTurn: (side) => `${SIDE[side]} am Zug`,
  kingCanEscape: 'der König kann entkommen',
  kingCanBeCaptured: 'der König kann gefangen werden',

  suggestions: {
    piece: (p) => `${p.square}: ${PIECE[p.kind] ?? p.kind}, ${n(p.moves, 'Zug', 'Züge')}`,
    effect(effect) {
      switch (effect.kind) {
        case 'wins':
          return WINNING_MOVE[effect.reason] ?? 'gewinnt die Partie';
        case 'draws':
          return 'führt zum Remis';
        case 'loses':
          return 'verliert die Partie';
        case 'king-move':
          return 'Königszug';
        case 'captures':
          return `schlägt ${list.format(effect.squares)}`;
        case 'blocks-escape':
          return 'versperrt dem König die Flucht';
        case 'threatens-king':
          return 'bedroht den König';
        case 'closes-in':
          return 'rückt an den König heran';
        case 'threatens-escape':
          return 'droht zu entkommen';
        case 'protects-king':
          return 'rettet den König';
        case 'exposes-king':
          return 'gibt den König zum Fangen frei';
      }
    },
  },

  failures: {
    self: 'Du kannst dich nicht selbst herausfordern.',
    bot: 'Bots spielen hier nicht: fordere stattdessen ein Mitglied heraus.',
    'channel-busy':
      'In diesem Kanal läuft schon eine Partie. Nutze `thread:true`, um in einem neuen Thread zu spielen, oder warte, bis sie endet.',
    'already-pending': 'Du hast in diesem Kanal schon eine offene Herausforderung: ziehe sie zuerst zurück.',
    'not-challenged': 'Nur das herausgeforderte Mitglied kann diese Herausforderung annehmen.',
    'not-challenged-decline': 'Nur das herausgeforderte Mitglied kann diese Herausforderung ablehnen.',
    'not-challenger': 'Nur wer herausgefordert hat, kann die Herausforderung zurückziehen.',
    'channel-taken':
      'In diesem Kanal hat inzwischen eine Partie begonnen. Fordere erneut mit `thread:true` heraus.',
    'challenge-changed':
      'Die Herausforderung oder der Kanal hat sich inzwischen geändert; nichts wurde geändert. Versuche es noch einmal.',
    'challenge-answered': 'Die Herausforderung wurde inzwischen beantwortet.',
    'no-challenge': 'Diese Herausforderung gibt es nicht mehr.',
    answered: 'Diese Herausforderung wurde bereits beantwortet.',
    'not-expired': 'Diese Herausforderung ist noch nicht abgelaufen.',
    expired: 'Diese Herausforderung ist abgelaufen.',
    accepted: 'Diese Herausforderung wurde bereits angenommen.',
    declined: 'Diese Herausforderung wurde bereits abgelehnt.',
    withdrawn: 'Diese Herausforderung wurde bereits zurückgezogen.',
    'ai-no-draw': 'Die KI spielt weiter: sie vereinbart kein Remis. Du kannst aufgeben.',
    'ai-no-undo': 'Die KI nimmt keine Züge zurück: spiel weiter oder gib auf.',
    'already-offered': 'Du hast bereits Remis angeboten.',
    'stale-draw-offer': 'Dieses Remisangebot galt einer Partie, die beendet ist.',
    'no-offer': 'Es gibt kein Remisangebot zum Annehmen (ein Zug lehnt es ab).',
    'own-offer': 'Du kannst dein eigenes Remisangebot nicht annehmen.',
    'nothing-to-undo': 'Es wurde noch kein Zug gespielt.',
    'already-asked': 'Du hast bereits gebeten, den letzten Zug zurückzunehmen.',
    'stale-undo': 'Diese Bitte, einen Zug zurückzunehmen, ist nicht mehr offen.',
    'own-request': 'Dein Gegner muss deine Bitte beantworten.',
    'game-gone': 'Diese Partie ist nicht mehr gespeichert.',
    'not-in-that-game': 'Nur die beiden Spieler dieser Partie können eine Revanche verlangen.',
    'challenge-elsewhere': (p) =>
      `Diese Herausforderung wurde in <#${p.channelId}> gestellt: beantworte sie dort, mit ihren eigenen Knöpfen.`,
    'rematch-elsewhere': (p) =>
      `Diese Partie wurde in <#${p.channelId}> gespielt: verlange die Revanche dort, unter ihrem Ergebnis.`,
    'tournament-elsewhere': (p) =>
      `Dieses Turnier findet in <#${p.channelId}> statt: benutze dort die Knöpfe seiner Anmeldung.`,
    'no-game': 'In diesem Kanal läuft keine Partie. Starte eine mit `/herausfordern`.',
    'not-a-player': 'Du spielst in dieser Partie nicht mit.',
    'not-your-turn': (p) => `Du bist nicht am Zug: ${p.name} (${SIDE[p.side as Side] ?? p.side}) ist am Zug.`,
    stale: 'Das ist nicht mehr fällig.',
    'position-changed':
      'Die Partie hat sich während deines Zuges geändert (ein anderer Befehl kam zuerst), daher wurde nichts geändert. Sieh dir `/brett` an und versuche es noch einmal.',
    busy: 'Der Server trägt gerade andere Ergebnisse ein; nichts wurde geändert. Bitte versuche es noch einmal.',
    'store-unavailable':
      'Der Spielspeicher ist gerade nicht erreichbar, daher wurde nichts geändert. Bitte versuche es gleich noch einmal.',
    'store-silent':
      'Der Spielspeicher hat beim Speichern nicht mehr geantwortet, daher wurde dies vielleicht gespeichert, vielleicht nicht. Sieh gleich in `/brett` nach, bevor du es noch einmal versuchst.',
    'variant-name-invalid': (p) =>
      `Der Name einer Variante braucht mindestens einen Buchstaben oder eine Ziffer und höchstens ${p.max} Zeichen.`,
    'variant-name-built-in': (p) =>
      `„${p.name}“ ist der Name einer der eigenen Varianten des Bots: wähle einen anderen Namen.`,
    'variant-rules-too-long': (p) => `Die Regelzeile ist zu lang: höchstens ${p.max} Zeichen.`,
    'variant-rules-invalid': (p) =>
      `Nach diesen Regeln kann nicht gespielt werden: ${openTaflRulesMessagesDe[p.rulesCode as OpenTaflRulesErrorCode](p as OpenTaflRulesParams)}. Es wurde nichts hinzugefügt.`,
    'variant-exists': (p) =>
      `Dieser Server hat schon eine Variante „${p.name}“: entferne sie zuerst mit \`/variante entfernen\`, oder wähle einen anderen Namen.`,
    'variant-start-decided': (p) =>
      `Nach diesen Regeln kann nicht gespielt werden: die Partie wäre vor dem ersten Zug vorbei: ${decidedStartMessagesDe[p.reason as DecidedStartReason](p)}. Es wurde nichts hinzugefügt.`,
    'start-decided': (p) =>
      `Diese Partie kann nicht beginnen: sie wäre vor dem ersten Zug vorbei: ${decidedStartMessagesDe[p.reason as DecidedStartReason](p)}.`,
    'variant-limit': (p) =>
      `Dieser Server hat schon ${p.max} eigene Varianten, mehr geht nicht: entferne zuerst eine.`,
    'no-server-variant': (p) =>
      `Auf diesem Server gibt es keine Variante „${p.variant}“. \`/variante liste\` zeigt alle.`,
    'variants-changed':
      'Die Varianten des Servers haben sich inzwischen geändert; es wurde nichts geändert. Versuche es noch einmal.',
    'unknown-variant': (p) =>
      `Eine Variante „${p.variant}“ gibt es hier nicht: wähle einen der Vorschläge, oder sieh in \`/variante liste\` nach.`,

    'no-tournament': (p) =>
      p.name
        ? `Ein Turnier „${p.name}“ gibt es auf diesem Server nicht: wähle einen der Vorschläge.`
        : 'Hier gibt es kein Turnier. Mitglieder, die Events verwalten dürfen, beginnen eines mit `/turnier erstellen`.',
    'tournament-ambiguous':
      'Auf diesem Server laufen mehrere Turniere: nenne eines mit der Option `turnier`, oder nutze den Befehl in seinem Kanal.',
    'tournament-channel-busy':
      'In diesem Kanal läuft schon ein Turnier: beende oder sage es zuerst ab, oder nimm einen anderen Kanal.',
    'tournament-changed':
      'Das Turnier hat sich inzwischen geändert; es wurde nichts geändert. Bitte versuche es noch einmal.',
    'tournament-not-organiser':
      'Das kann nur die Turnierleitung, oder ein Mitglied, das Events verwalten darf.',
    'tournament-name-invalid': (p) =>
      `Der Name eines Turniers braucht mindestens ein Zeichen und höchstens ${p.max}.`,
    'tournament-rounds-swiss-only':
      'Die Zahl der Runden gilt für ein Schweizer System: ein Rundenturnier hat so viele Runden, bis jeder jeden getroffen hat. Lass `runden` weg.',
    'tournament-double-round-robin-only':
      '`doppelt` gilt für ein Rundenturnier (jede Paarung zweimal, mit getauschten Seiten): das Schweizer System paart nie dieselben zwei zweimal. Lass es weg.',
    'tournament-started': 'Das Turnier hat begonnen: die Anmeldung ist geschlossen.',
    'tournament-joined': 'Du bist bei diesem Turnier schon angemeldet.',
    'tournament-full': (p) => `Das Turnier ist voll: höchstens ${p.max} Spieler.`,
    'tournament-not-joined': 'Dieses Mitglied spielt in diesem Turnier nicht mit.',
    'tournament-too-few': (p) => `Ein Turnier braucht zum Start mindestens ${p.number} Spieler.`,
    'tournament-no-game': 'Dieses Mitglied hat in diesem Turnier gerade keine laufende Partie.',
    'tournament-game-ended':
      'Diese Partie ist gerade zu Ende gegangen: ihr Ergebnis gilt und wurde eingetragen.',
    'tournament-over': 'Dieses Turnier ist vorbei.',
    'tournament-withdrawn': 'Dieses Mitglied hat das Turnier schon verlassen.',
  },

  refusals: {
    'game-over': () => 'die Partie ist beendet',
    malformed: (p) => `„${p.text}“ ist kein Zug: schreibe ihn als zwei Felder, etwa e5-e8`,
    'off-board': (p) => `${p.square} liegt nicht auf dem ${p.size}x${p.size}-Brett`,
    'empty-square': (p) => `${p.square} ist leer`,
    'not-your-piece': (p) =>
      `diese Figur gehört den ${p.side === 'attackers' ? 'Angreifern' : 'Verteidigern'}`,
    'no-distance': () => 'eine Figur muss mindestens ein Feld weit ziehen',
    'not-straight': () => 'Figuren ziehen entlang einer Reihe oder Linie',
    blocked: (p) => `${p.square} ist im Weg`,
    occupied: (p) => `${p.square} ist besetzt`,
    'king-only-stop': (p) =>
      p.special
        ? `nur der König darf ${ON_SPECIAL[p.special]}${isThrone(p) ? '' : ` (${p.square})`} stehen bleiben`
        : '',
    'king-only-pass': (p) =>
      p.special
        ? `nur der König darf ${OVER_SPECIAL[p.special]}${isThrone(p) ? '' : ` (${p.square})`} ziehen`
        : '',
  },
  tournament: {
    format: (p) =>
      p.format === 'swiss' ? 'Schweizer-System' : p.double ? 'doppeltes Rundenturnier' : 'Rundenturnier',
    rounds: (p) => n(p.rounds, 'Runde', 'Runden'),
    roundsByField: 'jeder gegen jeden',
    signup: (p) =>
      `**${p.name}**: ein Turnier (${p.format}) in ${p.variant} (${p.rounds}, ${p.time}), geleitet von **${p.organiser}**. Melde dich mit dem Knopf an (höchstens ${p.max} Spieler); die Turnierleitung startet es. Jede Partie wird in einem Thread dieses Kanals gespielt.`,
    entrants: (p) =>
      p.count === 0 ? 'Noch hat sich niemand angemeldet.' : `${n(p.count, 'Spieler', 'Spieler')}: ${p.names}`,
    join: 'Anmelden',
    leave: 'Abmelden',
    start: 'Starten',
    signupClosed: 'Die Anmeldung ist geschlossen: das Turnier hat begonnen.',
    signupCancelled: 'Das Turnier wurde abgesagt.',
    signupFinished: 'Das Turnier ist beendet: der Endstand steht unten.',
    startedBy: (p) =>
      `**${p.name}** hat das Turnier gestartet: ${n(p.rounds, 'Runde', 'Runden')}. Runde 1 beginnt jetzt.`,
    roundTitle: (p) => `**${p.name}**, Runde ${p.number} von ${p.rounds}`,
    pairingLine: (p) => `${p.attackers} (Angreifer) gegen ${p.defenders} (Verteidiger): ${p.where}`,
    byeLine: (p) =>
      p.points > 0 ? `${p.name} ist spielfrei (ein Punkt).` : `${p.name} hat diese Runde frei.`,
    forfeitLine: (p) =>
      `${p.attackers} gegen ${p.defenders}: nicht gespielt (ein Rückzug), kampflos gewertet.`,
    threadName: (p) => `Runde ${p.number}: ${p.attackers} gegen ${p.defenders}`,
    gameOpening: (p) =>
      `**${p.name}**, Runde ${p.number}: <@${p.attackersId}> spielt die Angreifer, <@${p.defendersId}> die Verteidiger. Hier geht jeder Befehl; das Ergebnis geht an das Turnier, wenn die Partie endet.`,
    standingsAfter: (p) => `**${p.name}**: Tabelle nach Runde ${p.round} von ${p.rounds}`,
    finalStandings: (p) => `**${p.name}** ist vorbei: der Endstand`,
    standingsNow: (p) =>
      p.round === 0
        ? `**${p.name}**: noch nicht begonnen`
        : `**${p.name}**: Runde ${p.round} von ${p.rounds}`,
    winner: (p) => `Sieg: ${p.names}.`,
    endedEarly:
      'Es endete früher: keine Paarung war mehr möglich, ohne dass sich zwei ein zweites Mal treffen.',
    tiebreak: (p) => (p.format === 'swiss' ? 'Buchholz-Wertung' : 'Sonneborn-Berger-Wertung'),
    tiebreakShort: (p) => (p.format === 'swiss' ? 'Bu' : 'SoB'),
    footer: (p) =>
      `Ein Sieg zählt 1, ein Remis ½; bei Gleichstand entscheidet die ${p.tiebreak}. + und − sind kampflose Partien${p.sides ? '; A und V die gespielte Seite, beim Platz des Gegners' : ''}.`,
    player: 'Spieler',
    points: 'Pkt',
    round: (p) => `R${p.number}`,
    bye: 'frei',
    withdrawn: 'zurückgezogen',
    noPlayers: 'Noch hat sich niemand angemeldet.',
    withdrew: (p) =>
      `**${p.name}** hat sich aus **${p.tournament}** zurückgezogen: eine laufende Partie ist kampflos verloren, weitere Paarungen gibt es nicht.`,
    left: (p) => `**${p.name}** hat sich von **${p.tournament}** abgemeldet.`,
    removed: (p) =>
      `**${p.by}** hat **${p.name}** aus **${p.tournament}** genommen: eine laufende Partie ist kampflos verloren.`,
    forfeited: (p) =>
      `**${p.by}** hat die Partie von **${p.name}** kampflos gewertet: der Gegner bekommt den Punkt.`,
    cancelled: (p) =>
      `**${p.by}** hat **${p.name}** abgesagt: laufende Partien enden ohne Ergebnis, und es wird nichts mehr gepaart.`,
    aborted: (p) =>
      `Die Partie in <#${p.threadId}> wurde ohne Ergebnis beendet: die Turnierleitung entscheidet mit \`/turnier kampflos\`.`,
    needsManageEvents: 'Nur Mitglieder, die Events verwalten dürfen, können ein Turnier erstellen.',
    noThreads:
      'Die Partien eines Turniers beginnen in Threads seines Kanals, und dieser Kanal kann keine Threads haben: erstelle es in einem Textkanal.',
    created: (p) => `**${p.name}** erstellt.`,
    sideLetter: (p) => (p.side === 'attackers' ? 'A' : 'V'),
    pictureFinal: 'Endstand',
    pictureAfter: (p) => `Nach Runde ${p.round} von ${p.rounds}`,
    pictureNotStarted: 'Noch nicht begonnen',
    crosstableFile: 'kreuztabelle.png',
    crosstableDescription: (p) => `Die Kreuztabelle von ${p.name}`,
  },
  puzzles: {
    goal: (p) => {
      const who = p.side === 'attackers' ? 'Angreifer' : 'Verteidiger';
      const what = {
        escape: 'der König entkommt',
        'king-capture': 'fange den König',
        material: 'gewinne zwei Steine',
      }[p.theme];
      return `${who} am Zug: ${what} in ${p.moves}.`;
    },
    title: (p) => `**Aufgabe ${p.id}** · ${p.variant} · Wertung ${p.rating}`,
    howToAnswer:
      'Antworte mit `/aufgabe zug` (deine erlaubten Züge werden vorgeschlagen); `/aufgabe tipp` zeigt die Figur, die ziehen soll.',
    setAside: (p) => `Aufgabe ${p.id}, nach einem Zug oder Tipp verlassen, zählt als nicht gelöst.`,
    you: 'Du',
    bot: 'Der Bot',
    note: (p) => `Aufgabe ${p.id}`,
    played: (p) => `Du hast **${p.move}** gezogen.`,
    defended: (p) => `Der Bot antwortet **${p.move}**.`,
    solved: (p) => `**Gelöst!** Aufgabe ${p.id} ist erledigt.`,
    solvedWithHint: 'Mit Tipp gelöst: das zählt halb.',
    failed: (p) =>
      `**Leider nicht.** Du hast **${p.move}** gezogen; der gewinnende Zug war **${p.winning}**.`,
    solution: (p) => `Die Lösung: ${p.line}.`,
    ratingChange: (p) => `Deine Aufgabenwertung: ${p.before} → ${p.after}.`,
    hint: (p) => `Tipp: zieh die Figur auf **${p.square}**. (Mit Tipp gelöst zählt halb.)`,
    dailyTitle: (p) => `**Aufgabe des Tages, ${p.day}** · ${p.variant} · ${p.id} · Wertung ${p.rating}`,
    dailyHowTo:
      'Jeder hat einen Versuch: `/aufgabe tag` startet deinen, dann antworte privat mit `/aufgabe zug`.',
    solvers: (p) => `Gelöst von ${p.names}.`,
    noSolvers: 'Noch hat niemand sie gelöst.',
    firstMark: 'als Erste(r)',
    hintMark: 'mit Tipp',
    serverStreak: (p) => `Serie dieses Servers: ${n(p.days, 'Tag', 'Tage')}.`,
    yourDaily: (p) =>
      ({
        new: 'Dein Versuch hat begonnen.',
        open: 'Dein Versuch läuft.',
        solved: 'Du hast sie gelöst.',
        failed: 'Du hast sie heute nicht gelöst.',
      })[p.status],
    dailySolvedBy: (p) =>
      `**${p.name}** hat die Aufgabe des Tages gelöst${p.first ? ', als Erste(r)' : ''}. Serie dieses Servers: ${n(p.streak, 'Tag', 'Tage')}.`,
    yourStreak: (p) => `Deine Tagesserie: ${n(p.days, 'Tag', 'Tage')}.`,
    setupDone: (p) =>
      `Die Aufgabe des Tages erscheint in <#${p.channelId}> um ${String(p.hour).padStart(2, '0')}:00 UTC, aus den Aufgaben von ${p.variant}. Die nächste: ${p.next}.`,
    stopped: (p) =>
      `Die Aufgabe des Tages erscheint nicht mehr in <#${p.channelId}>; \`/aufgabe tag\` zeigt sie weiterhin.`,
    needsManageServer:
      'Nur Mitglieder, die den Server verwalten dürfen, können die Aufgabe des Tages einrichten oder beenden.',
    cannotPostThere: (p) =>
      `Ich kann in <#${p.channelId}> keine Bilder posten: gib mir dort Kanal ansehen, Nachrichten senden und Dateien anhängen, oder wähle einen anderen Kanal.`,
    notATextChannel: 'Die Aufgabe des Tages braucht einen Textkanal dieses Servers.',
    tableTitle: 'Aufgabentabelle',
    noSolvesYet: 'Noch hat niemand eine Aufgabe versucht. Fang mit `/aufgabe neu` an.',
    tableHead: ' #  Mitglied          Wertung Gelöst Falsch Erst. Serie',
    tableFooter: (p) =>
      `Glicko-2-Aufgabenwertungen, getrennt von den Partiewertungen (? solange vorläufig). Tagesserie dieses Servers: ${n(p.streak, 'Tag', 'Tage')}, die beste ${n(p.best, 'Tag', 'Tage')}.`,
    failures: {
      'no-puzzles': 'Es gibt noch keine Aufgaben.',
      'no-puzzles-for-variant': (p) =>
        `Für „${p.variant}“ gibt es keine Aufgaben: Aufgaben gibt es für ${p.choices}.`,
      'no-puzzle-open': 'Du hast keine offene Aufgabe: starte eine mit `/aufgabe neu` oder `/aufgabe tag`.',
      'puzzle-changed':
        'Deine Aufgabe hat sich inzwischen geändert (ein anderer Befehl kam zuerst); es wurde nichts geändert.',
      busy: 'Der Server trägt gerade andere Ergebnisse ein; es wurde nichts geändert. Versuche es noch einmal.',
      'bad-hour': 'Die Stunde muss eine ganze Zahl von 0 bis 23 sein (UTC).',
      'no-daily-setup':
        'Die Aufgabe des Tages wird hier nicht gepostet: `/aufgabe einrichten` wählt einen Kanal.',
      'store-unavailable':
        'Der Spielspeicher ist gerade nicht erreichbar, es wurde nichts geändert. Versuche es gleich noch einmal.',
      'store-silent':
        'Der Spielspeicher hat beim Speichern nicht mehr geantwortet; vielleicht wurde es gespeichert, vielleicht nicht. Sieh gleich noch einmal nach.',
    },
  },
};
