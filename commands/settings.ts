/**
 * /settings: a member's own settings, which follow them to every server, and (the `server_`
 * options, for members who may manage the server) the server's default board.
 */
import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandStringOption,
} from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { LIMITS } from '../src/bot/discord/discord-limits.ts';
import { noteSettings } from '../src/bot/discord/interaction-settings.ts';
import { answer, privateAnswer } from '../src/bot/discord/respond.ts';
import { botInstalledAt, tableOf } from '../src/bot/discord/table-of.ts';
import { timeOption } from '../src/bot/options/time-option.ts';
import { chosenVariant, variantChoices } from '../src/bot/options/variant-option.ts';
import { messagesOf } from '../src/bot/views/present.ts';
import { getVariant, type VariantId, variantIds } from '../src/engine/index.ts';
import type { GameService } from '../src/game/service.ts';
import { languages, type Messages } from '../src/i18n/index.ts';
import type { MemberSettings, SettingsChange } from '../src/settings/member-settings.ts';
import { isBotDefault, type ServerSettingsChange, type ServerView } from '../src/settings/server-settings.ts';

/** The palettes, by the names members read. */
const paletteOption = (option: SlashCommandStringOption) =>
  option.addChoices(
    { name: 'classic', value: 'classic' },
    { name: 'colour-blind safe', value: 'colour-blind' },
    { name: 'high contrast', value: 'high-contrast' },
  );

export const data = new SlashCommandBuilder()
  .setName('settings')
  .setDescription('Your settings, on every server: board, language, challenge defaults, turn alerts')
  .addStringOption((option) => paletteOption(option.setName('palette').setDescription('The board’s colours')))
  .addBooleanOption((option) =>
    option.setName('flipped').setDescription('See the board from the defenders’ side (rank 1 at the top)'),
  )
  .addBooleanOption((option) =>
    option.setName('large_coordinates').setDescription('Larger letters and numbers around the board'),
  )
  .addStringOption((option) =>
    option
      .setName('language')
      .setDescription('The language the bot answers you in, over your Discord client’s')
      .addChoices(
        { name: 'my Discord client’s', value: 'client' },
        ...languages.map((language) => ({ name: ownName(language), value: language })),
      ),
  )
  .addStringOption((option) =>
    option
      .setName('variant')
      .setDescription('The variant of your challenges when you do not name one')
      .setAutocomplete(true)
      .setMaxLength(64),
  )
  .addStringOption((option) =>
    timeOption(option).setDescription('The time of your challenges when you do not give one'),
  )
  .addStringOption((option) =>
    option
      .setName('alerts')
      .setDescription('A direct message when it is your turn, or a daily digest')
      .addChoices(
        { name: 'off', value: 'off' },
        { name: 'every turn', value: 'turn' },
        { name: 'a daily digest', value: 'digest' },
      ),
  )
  .addStringOption((option) =>
    option
      .setName('time_zone')
      .setDescription('Your time zone, for quiet hours and the digest (e.g. Europe/Berlin)')
      .setAutocomplete(true)
      .setMaxLength(64),
  )
  .addIntegerOption((option) =>
    option
      .setName('quiet_from')
      .setDescription('No alerts from this hour (0-23)')
      .setMinValue(0)
      .setMaxValue(23),
  )
  .addIntegerOption((option) =>
    option
      .setName('quiet_to')
      .setDescription('until this hour (0-23; the same as quiet_from: no quiet hours)')
      .setMinValue(0)
      .setMaxValue(23),
  )
  .addIntegerOption((option) =>
    option
      .setName('digest_hour')
      .setDescription('The hour of the daily digest (0-23)')
      .setMinValue(0)
      .setMaxValue(23),
  )
  .addBooleanOption((option) => option.setName('reset').setDescription('Back to the defaults'))
  // A server's default has no `flipped`: a public board is no one's, so it has no side to be seen from.
  .addStringOption((option) =>
    paletteOption(
      option
        .setName('server_palette')
        .setDescription('This server’s board colours, for members who chose none (Manage Server)'),
    ),
  )
  .addBooleanOption((option) =>
    option
      .setName('server_large_coordinates')
      .setDescription(
        'Large coordinates on this server’s boards, for members who chose none (Manage Server)',
      ),
  )
  .addBooleanOption((option) =>
    option
      .setName('server_reset')
      .setDescription('This server’s default board back to the bot’s own (Manage Server)'),
  );

/** A language by its own name: Deutsch, Français, 日本語. */
function ownName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/**
 * With no option: the member's settings (and the server's default board where it matters). With
 * options: each honoured, or the first refused with its reason; the server's, only by its managers.
 */
export async function execute(
  interaction: ChatInputCommandInteraction,
  { settings, service }: BotContext,
): Promise<void> {
  await answer(interaction, async () => {
    const serverChange = serverChangeAsked(interaction);
    const table = tableOf(interaction);
    if (serverChange) {
      // Refused before anything is changed, the member's own options too.
      const s = messagesOf(interaction).settings;
      if (!botInstalledAt(interaction)) return privateAnswer(s.serverOnly);
      if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
        return privateAnswer(s.serverNotManager);
    }
    const change = await changeAsked(interaction, service);
    const done: string[] = [];
    let current: MemberSettings;
    if (Object.keys(change).length === 0) current = await settings.read(interaction.user.id);
    else {
      const outcome = await settings.change(interaction.user.id, change);
      if (!outcome.ok) return privateAnswer(refusalOf(messagesOf(interaction), outcome.refusal));
      // The answer is in the language just chosen.
      noteSettings(interaction, outcome.settings);
      current = outcome.settings;
      const s = messagesOf(interaction).settings;
      done.push(change.reset ? s.resetDone : s.saved);
    }
    const m = messagesOf(interaction);
    let server = botInstalledAt(interaction) ? (await settings.readServer(table.guildId)).view : null;
    if (serverChange) {
      const outcome = await settings.changeServer(table.guildId, serverChange);
      if (!outcome.ok) {
        const refusal = outcome.refusal.code === 'busy' ? { code: 'server-busy' as const } : outcome.refusal;
        return privateAnswer([...done, refusalOf(m, refusal)].join('\n'));
      }
      server = outcome.settings.view;
      done.push(serverChange.reset ? m.settings.serverResetDone : m.settings.serverSaved);
    }
    // The server's board is mentioned where there is one that is not the bot's, or where it was just set.
    const shown = server && (serverChange || !isBotDefault(server)) ? server : null;
    return privateAnswer([...done, describe(m, current, shown)].join('\n\n'));
  });
}

type Refusal = Parameters<Messages['settings']['refusal']>[0];

function refusalOf(m: Messages, refusal: { code: Refusal; value?: string | number }): string {
  return m.settings.refusal(refusal.code, 'value' in refusal ? { value: refusal.value } : {});
}

/** The `server_` options, or null when none was given. */
function serverChangeAsked(interaction: ChatInputCommandInteraction): ServerSettingsChange | null {
  const options = interaction.options;
  const change: ServerSettingsChange = {};
  if (options.getBoolean('server_reset')) change.reset = true;
  const palette = options.getString('server_palette');
  if (palette !== null) change.palette = palette;
  const large = options.getBoolean('server_large_coordinates');
  if (large !== null) change.largeCoordinates = large;
  return Object.keys(change).length > 0 ? change : null;
}

async function changeAsked(
  interaction: ChatInputCommandInteraction,
  service: GameService,
): Promise<SettingsChange> {
  const options = interaction.options;
  const change: SettingsChange = {};
  const put = <K extends keyof SettingsChange>(key: K, value: SettingsChange[K] | null) => {
    if (value !== null && value !== undefined) change[key] = value;
  };
  put('reset', options.getBoolean('reset') || null);
  put('palette', options.getString('palette'));
  put('flipped', options.getBoolean('flipped'));
  put('largeCoordinates', options.getBoolean('large_coordinates'));
  put('language', options.getString('language'));
  const variant = options.getString('variant');
  // By id (what autocomplete sends) or by a name as typed; a server's own variant is refused with its reason.
  if (variant !== null) change.variant = (await builtInVariant(service, variant)) ?? variant.slice(0, 64);
  put('time', options.getString('time'));
  put('alerts', options.getString('alerts'));
  put('timeZone', options.getString('time_zone'));
  put('quietFrom', options.getInteger('quiet_from'));
  put('quietTo', options.getInteger('quiet_to'));
  put('digestHour', options.getInteger('digest_hour'));
  return change;
}

/** A built-in variant by its id or any of its names (no server's: settings are not a server's). */
async function builtInVariant(service: GameService, typed: string): Promise<VariantId | null> {
  const found = await chosenVariant(service, null, typed);
  return variantIds.find((id) => getVariant(id) === found) ?? null;
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * The member's settings, one line each; with a server's default board, the parts of the board
 * the member left to it are said to follow it, and the server's board is described.
 */
export function describe(m: Messages, current: MemberSettings, server: ServerView | null = null): string {
  const s = m.settings;
  const { view, chosen, challenge, alerts } = current;
  const palette =
    server && !chosen.palette
      ? s.followsServer({ line: s.palette({ palette: server.palette }) })
      : s.palette({ palette: view.palette });
  const coordinates =
    server && !chosen.largeCoordinates
      ? s.followsServer({ line: s.coordinates(server.largeCoordinates ? 'large' : 'normal') })
      : s.coordinates(view.largeCoordinates ? 'large' : 'normal');
  const lines = [
    `**${s.title}**`,
    palette,
    s.side(view.flipped ? 'defenders' : 'attackers'),
    coordinates,
    s.language(current.language),
    s.variant({ variant: challenge.variant ? m.variantName(getVariant(challenge.variant)) : null }),
    s.time({ time: challenge.time ? m.timeControl(challenge.time) : null }),
    s.alerts({ mode: alerts.mode, hour: hour(alerts.digestHour) }),
    s.timeZone({ zone: alerts.timeZone ?? 'UTC' }),
    s.quiet(alerts.quiet ? { from: hour(alerts.quiet.from), to: hour(alerts.quiet.to) } : null),
  ];
  if (alerts.closedAt !== null && alerts.mode !== 'off') lines.push(`⚠️ ${s.dmsClosed}`);
  if (server)
    lines.push(
      '',
      s.serverBoard({
        palette: server.palette,
        coordinates: server.largeCoordinates ? 'large' : 'normal',
      }),
    );
  return lines.join('\n');
}

export async function autocomplete(
  interaction: AutocompleteInteraction,
  { service }: BotContext,
): Promise<void> {
  const focused = interaction.options.getFocused(true);
  const typed = String(focused.value).trim().toLowerCase();
  if (focused.name === 'time_zone') {
    const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone.toLowerCase().includes(typed));
    await interaction.respond(zones.slice(0, LIMITS.choices).map((zone) => ({ name: zone, value: zone })));
    return;
  }
  // The bot's own variants only: settings follow the member to servers that know no other.
  await interaction.respond(await variantChoices(service, null, typed, messagesOf(interaction)));
}
