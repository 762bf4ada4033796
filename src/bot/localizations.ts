/**
 * German names and descriptions of the slash commands, their options and choices, sent to Discord
 * as localizations: German clients see `/zug` where others see `/move`. Keyed by command, then
 * `command.option`, then `command.option=value` for choices.
 */
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';

interface Localized {
  name?: string;
  description?: string;
}

export const GERMAN: Record<string, Localized> = {
  challenge: {
    name: 'herausfordern',
    description: 'Fordere ein Mitglied in diesem Kanal zu einer Partie Tafl heraus',
  },
  'challenge.opponent': { name: 'gegner', description: 'Wen du herausforderst (oder diesen Bot)' },
  'challenge.variant': {
    name: 'variante',
    description: 'Welches Regelwerk, auch die des Servers (Standard: der des Servers, oder Alea Evangelii)',
  },
  'challenge.side': { name: 'seite', description: 'Die Seite, die du spielst (Standard: zufällig)' },
  'challenge.side=attackers': { name: 'Angreifer' },
  'challenge.side=defenders': { name: 'Verteidiger (die Seite des Königs)' },
  'challenge.side=random': { name: 'zufällig' },
  'challenge.time': { name: 'bedenkzeit', description: 'Zeit für jeden Zug (Standard: 1 Tag)' },
  'challenge.time=10m': { name: '10 Minuten' },
  'challenge.time=1h': { name: '1 Stunde' },
  'challenge.time=1d': { name: '1 Tag' },
  'challenge.time=3d': { name: '3 Tage' },
  'challenge.time=none': { name: 'ohne Limit' },
  'challenge.level': {
    name: 'stufe',
    description: 'Wenn du diesen Bot forderst: wie stark er spielt (Standard: normal)',
  },
  'challenge.level=easy': { name: 'leicht' },
  'challenge.level=normal': { name: 'normal' },
  'challenge.level=hard': { name: 'schwer' },
  'challenge.match': { name: 'wettkampf', description: 'Zwei Partien mit getauschten Seiten spielen' },
  'challenge.thread': {
    name: 'thread',
    description: 'In einem neuen Thread spielen (Standard: in diesem Kanal)',
  },
  move: { name: 'zug', description: 'Einen Zug in der Partie dieses Kanals spielen, z. B. e5-e8' },
  'move.move': { name: 'zug', description: 'Von und nach, z. B. e5-e8' },
  board: { name: 'brett', description: 'Das Brett der Partie in diesem Kanal zeigen' },
  undo: { name: 'zuruecknehmen', description: 'Den Gegner bitten, den letzten Zug zurückzunehmen' },
  resign: { name: 'aufgeben', description: 'Die Partie in diesem Kanal aufgeben' },
  abort: {
    name: 'abbrechen',
    description: 'Die Partie in diesem Kanal ohne Ergebnis beenden (für Moderatoren)',
  },
  draw: { name: 'remis', description: 'Remis anbieten oder das Angebot des Gegners annehmen' },
  history: { name: 'verlauf', description: 'Die bisherigen Züge der Partie in diesem Kanal' },
  export: { name: 'export', description: 'Die Partie als OpenTafl-Datei' },
  standings: { name: 'tabelle', description: 'Die Tabelle dieses Servers oder die Bilanz eines Mitglieds' },
  'standings.variant': { name: 'variante', description: 'Nur Partien dieser Variante (Standard: alle)' },
  'standings.member': { name: 'mitglied', description: 'Die Bilanz dieses Mitglieds gegen jeden Gegner' },
  rules: { name: 'regeln', description: 'Die Regeln einer Variante in Kürze' },
  'rules.variant': {
    name: 'variante',
    description: 'Welches Regelwerk, auch die des Servers (Standard: der Standard des Servers)',
  },
  help: { name: 'hilfe', description: 'Wie man hier Tafl spielt' },
  analyze: {
    name: 'analysieren',
    description: 'Eine beendete Partie ansehen: wer nach jedem Zug besser stand, und die schlechtesten Züge',
  },
  'analyze.game': {
    name: 'partie',
    description: 'Eine Partie-ID aus /verlauf (Standard: die zuletzt in diesem Kanal beendete Partie)',
  },
  variant: {
    name: 'variante',
    description: 'Die eigenen Varianten dieses Servers, aus OpenTafl-Regelzeilen',
  },
  'variant.add': {
    name: 'hinzufuegen',
    description: 'Eine Variante aus einer OpenTafl-Regelzeile hinzufügen (Server verwalten)',
  },
  'variant.add.name': { name: 'name', description: 'Wie sie hier heißt' },
  'variant.add.rules': {
    name: 'regeln',
    description: 'Die OpenTafl-Regelzeile, z. B. dim:11 atkf:y tfr:w sw:s efe:y start:/3ttttt3/…/',
  },
  'variant.list': { name: 'liste', description: 'Die Varianten, die dieser Server spielen kann' },
  'variant.remove': {
    name: 'entfernen',
    description: 'Eine der eigenen Varianten dieses Servers entfernen (Server verwalten)',
  },
  'variant.remove.variant': { name: 'variante', description: 'Welche' },
  'variant.default': {
    name: 'standard',
    description: 'Die Variante, die /herausfordern ohne Angabe spielt (Server verwalten)',
  },
  'variant.default.variant': { name: 'variante', description: 'Welche' },
  replay: {
    name: 'nachspielen',
    description:
      'Die Partie dieses Kanals (oder die zuletzt hier beendete) oder eine beliebige als GIF-Animation',
  },
  'replay.game': {
    name: 'partie',
    description: 'Die ID einer Partie, wie /verlauf und /export sie zeigen (Standard: die dieses Kanals)',
  },
  'replay.speed': {
    name: 'tempo',
    description: 'Wie schnell die Züge aufeinander folgen (Standard: normal)',
  },
  'replay.speed=slow': { name: 'langsam' },
  'replay.speed=normal': { name: 'normal' },
  'replay.speed=fast': { name: 'schnell' },
  'replay.from': { name: 'von', description: 'Ab diesem Zug, wie /verlauf ihn nummeriert (Standard: 1)' },
  'replay.to': { name: 'bis', description: 'Bis zu diesem Zug (Standard: dem letzten)' },
  tournament: {
    name: 'turnier',
    description: 'Rundenturniere und Turniere im Schweizer System auf diesem Server',
  },
  'tournament.create': {
    name: 'erstellen',
    description: 'Die Anmeldung zu einem Turnier in diesem Kanal öffnen (Events verwalten)',
  },
  'tournament.create.name': { name: 'name', description: 'Wie es heißt' },
  'tournament.create.variant': { name: 'variante', description: 'Die gespielte Variante' },
  'tournament.create.format': { name: 'modus', description: 'Jeder gegen jeden, oder Schweizer System' },
  'tournament.create.format=round-robin': { name: 'Rundenturnier' },
  'tournament.create.format=swiss': { name: 'Schweizer System' },
  'tournament.create.rounds': {
    name: 'runden',
    description: 'Nur Schweizer System: wie viele Runden (Standard: nach der Zahl der Spieler)',
  },
  'tournament.create.time': { name: 'bedenkzeit', description: 'Zeit für jeden Zug (Standard: 1 Tag)' },
  'tournament.create.time=10m': { name: '10 Minuten' },
  'tournament.create.time=1h': { name: '1 Stunde' },
  'tournament.create.time=1d': { name: '1 Tag' },
  'tournament.create.time=3d': { name: '3 Tage' },
  'tournament.create.time=none': { name: 'ohne Limit' },
  'tournament.create.double': {
    name: 'doppelt',
    description: 'Nur Rundenturnier: jede Paarung zweimal, mit getauschten Seiten',
  },
  'tournament.standings': { name: 'tabelle', description: 'Die Kreuztabelle eines Turniers, wie sie steht' },
  'tournament.standings.tournament': {
    name: 'turnier',
    description: 'Welches (Standard: das dieses Kanals, oder das laufende)',
  },
  'tournament.withdraw': {
    name: 'zurueckziehen',
    description: 'Ein Turnier verlassen: deine laufende Partie und die übrigen sind kampflos verloren',
  },
  'tournament.withdraw.tournament': {
    name: 'turnier',
    description: 'Welches (Standard: das dieses Kanals, oder das laufende)',
  },
  'tournament.remove': {
    name: 'entfernen',
    description: 'Einen Spieler entfernen: seine Partien sind kampflos verloren (Turnierleitung)',
  },
  'tournament.remove.player': { name: 'spieler', description: 'Wen' },
  'tournament.remove.tournament': {
    name: 'turnier',
    description: 'Welches (Standard: das dieses Kanals, oder das laufende)',
  },
  'tournament.forfeit': {
    name: 'kampflos',
    description: 'Eine hängende Partie beenden: der genannte Spieler verliert sie (Turnierleitung)',
  },
  'tournament.forfeit.player': { name: 'spieler', description: 'Wer sie verliert' },
  'tournament.forfeit.tournament': {
    name: 'turnier',
    description: 'Welches (Standard: das dieses Kanals, oder das laufende)',
  },
  'tournament.cancel': { name: 'absagen', description: 'Ein Turnier absagen (Turnierleitung)' },
  'tournament.cancel.tournament': {
    name: 'turnier',
    description: 'Welches (Standard: das dieses Kanals, oder das laufende)',
  },
  puzzle: { name: 'aufgabe', description: 'Tafl-Aufgaben: finde den gewinnenden Zug' },
  'puzzle.new': { name: 'neu', description: 'Eine neue Aufgabe, nur für dich' },
  'puzzle.new.variant': {
    name: 'variante',
    description: 'Aufgaben welcher Variante (Standard: die Brettgröße des Servers)',
  },
  'puzzle.move': { name: 'zug', description: 'Deinen Zug in deiner Aufgabe spielen, z. B. e5-e8' },
  'puzzle.move.move': { name: 'zug', description: 'Von und nach, z. B. e5-e8' },
  'puzzle.hint': { name: 'tipp', description: 'Zeigt die Figur, die ziehen soll (gelöst zählt dann halb)' },
  'puzzle.daily': { name: 'tag', description: 'Die Aufgabe des Tages dieses Servers, für alle dieselbe' },
  'puzzle.setup': {
    name: 'einrichten',
    description: 'Die Aufgabe des Tages jeden Tag in einem Kanal posten (Server verwalten)',
  },
  'puzzle.setup.channel': { name: 'kanal', description: 'Wo sie erscheint' },
  'puzzle.setup.variant': {
    name: 'variante',
    description: 'Aufgaben welcher Variante (Standard: die Brettgröße des Servers)',
  },
  'puzzle.setup.hour': { name: 'stunde', description: 'Um wie viel Uhr, UTC, 0–23 (Standard: 9)' },
  'puzzle.stop': {
    name: 'beenden',
    description: 'Die Aufgabe des Tages nicht mehr posten (Server verwalten)',
  },
  'puzzle.leaderboard': {
    name: 'tabelle',
    description: 'Die Aufgabentabelle dieses Servers und seine Serie',
  },
};

type Body = RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The command with its German localizations added, its subcommands' options included. */
export function localize(body: Body): Body {
  return { ...body, ...localized(body.name), options: localizeOptions(body.name, body.options) };
}

type Option = NonNullable<Body['options']>[number];

function localized(key: string) {
  const german = GERMAN[key];
  return {
    ...(german?.name ? { name_localizations: { de: german.name } } : {}),
    ...(german?.description ? { description_localizations: { de: german.description } } : {}),
  };
}

function localizeOptions(prefix: string, options: Body['options']): Body['options'] {
  return options?.map((option: Option) => {
    const key = `${prefix}.${option.name}`;
    return {
      ...option,
      ...localized(key),
      ...('options' in option && option.options
        ? { options: localizeOptions(key, option.options as Body['options']) }
        : {}),
      ...('choices' in option && option.choices
        ? {
            choices: option.choices.map((choice) => {
              const german = GERMAN[`${key}=${choice.value}`]?.name;
              return { ...choice, ...(german ? { name_localizations: { de: german } } : {}) };
            }),
          }
        : {}),
    };
  }) as Body['options'];
}
