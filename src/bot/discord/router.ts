/**
 * Routes each interaction to its command module, and writes one log line per interaction:
 * what it was, where, how long it took, how it ended; the same is counted in the metrics. One that
 * comes too late to answer is left alone, and while the bot is behind, a newcomer is told at once
 * that it is busy (interaction-deadline.ts). An error never leaves an interaction
 * unanswered: the player gets an ephemeral word that nothing was changed, or, when only the
 * answer to work done failed (AnswerNotShownError), that it was done but cannot be shown.
 */
import { type Interaction, MessageFlags } from 'discord.js';
import { lobbyMessagesFor } from '../../i18n/lobby.ts';
import { interactionSeconds, interactions, moves } from '../../metrics.ts';
import { loggedName, ROUTES, routeOf } from '../custom-ids.ts';
import { messagesOf, onlyMention, refusalText } from '../views/present.ts';
import type { BotContext, Command } from './command.ts';
import { arrivalVerdict, InteractionExpiredError, underWay } from './interaction-deadline.ts';
import { noteSettings } from './interaction-settings.ts';
import { refused } from './respond.ts';
import { botInstalledAt, tableOf } from './table-of.ts';

export interface InteractionRouter {
  handle(interaction: Interaction): Promise<void>;
  /** Resolves when every interaction in flight has been answered. */
  drain(): Promise<void>;
}

export function createRouter(commands: Map<string, Command>, context: BotContext): InteractionRouter {
  const byRoute = new Map<string, Command>();
  for (const command of commands.values())
    for (const kind of command.customIds ?? []) byRoute.set(ROUTES[kind], command);
  const inFlight = new Set<Promise<void>>();

  async function route(interaction: Interaction): Promise<string> {
    if (!interaction.isAutocomplete()) {
      await noteMemberSettings(interaction);
      await context.reach.remember(interaction);
    }
    if (interaction.isChatInputCommand()) {
      const command = commands.get(interaction.commandName);
      if (!command) return 'unknown-command';
      if (command.needsServer && !botInstalledAt(interaction)) {
        refused.add(interaction);
        await interaction.reply({
          content: lobbyMessagesFor(interaction.locale).needsServer({ command: interaction.commandName }),
          flags: MessageFlags.Ephemeral,
          allowedMentions: onlyMention(),
        });
        return 'needs-server';
      }
      await command.execute(interaction, context);
      return 'answered';
    }
    if (interaction.isAutocomplete()) {
      const command = commands.get(interaction.commandName);
      if (!command?.autocomplete) {
        await interaction.respond([]);
        return 'no-autocomplete';
      }
      await command.autocomplete(interaction, context);
      return 'suggested';
    }
    if (interaction.isButton() || interaction.isStringSelectMenu()) {
      const command = byRoute.get(routeOf(interaction.customId));
      if (interaction.isButton() && command?.button) await command.button(interaction, context);
      else if (interaction.isStringSelectMenu() && command?.select)
        await command.select(interaction, context);
      else {
        refused.add(interaction);
        await interaction.reply({
          content: messagesOf(interaction).buttonNotOurs,
          flags: MessageFlags.Ephemeral,
        });
        return interaction.isButton() ? 'unknown-button' : 'unknown-menu';
      }
      return 'answered';
    }
    return 'ignored';
  }

  /**
   * The member's settings, for every reply and picture of the interaction (their board completed by
   * the server's default); the defaults when the store does not answer.
   */
  async function noteMemberSettings(interaction: Interaction): Promise<void> {
    const { guildId, channelId, authorizingIntegrationOwners } = interaction;
    const table = tableOf({ guildId, channelId: channelId ?? '', authorizingIntegrationOwners });
    try {
      noteSettings(interaction, await context.settings.readAt(interaction.user.id, table.guildId));
    } catch (error) {
      context.logger.warn('could not read a member’s settings', { error: (error as Error).message });
    }
  }

  async function handle(interaction: Interaction): Promise<void> {
    const started = performance.now();
    let outcome: string;
    try {
      const verdict = arrivalVerdict(interaction);
      if (verdict === 'busy') await sayBusy(interaction);
      outcome = verdict === 'go' ? await underWay(() => route(interaction)) : verdict;
      if (refused.has(interaction)) outcome = 'refused';
    } catch (error) {
      if (error instanceof InteractionExpiredError) {
        // Nothing was written. Discord refused the acknowledgement: if it still takes an answer, say so.
        outcome = 'expired';
        await apologise(interaction, error).catch(() => {});
      } else {
        outcome = 'error';
        context.logger.error('interaction failed', { error, interaction: describe(interaction) });
        await apologise(interaction, error).catch(() => {});
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const described = describe(interaction);
    context.logger.info('interaction', {
      ...described,
      latencyMs: Math.round(seconds * 1e4) / 10,
      outcome,
    });
    const labels = { kind: described.kind, command: metricName(interaction) };
    interactions.inc({ ...labels, outcome });
    interactionSeconds.observe(labels, seconds);
    if (labels.kind === 'command' && labels.command === 'move' && outcome === 'answered') moves.inc();
  }

  /** The command an interaction went to, as a metric's label: only names this bot knows, so that their number is bounded. */
  function metricName(interaction: Interaction): string {
    if (interaction.isChatInputCommand() || interaction.isAutocomplete())
      return commands.has(interaction.commandName) ? interaction.commandName : 'unknown';
    if (interaction.isButton() || interaction.isStringSelectMenu()) {
      const route = routeOf(interaction.customId);
      return byRoute.has(route) ? route : 'unknown';
    }
    return 'other';
  }

  return {
    handle(interaction) {
      const job = handle(interaction);
      inFlight.add(job);
      job.finally(() => inFlight.delete(job));
      return job;
    },
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

function describe(interaction: Interaction): { kind: string } & Record<string, unknown> {
  const kind = interaction.isChatInputCommand()
    ? 'command'
    : interaction.isAutocomplete()
      ? 'autocomplete'
      : interaction.isButton()
        ? 'button'
        : interaction.isStringSelectMenu()
          ? 'menu'
          : `type-${interaction.type}`;
  const name =
    interaction.isChatInputCommand() || interaction.isAutocomplete()
      ? interaction.commandName
      : interaction.isButton() || interaction.isStringSelectMenu()
        ? loggedName(interaction.customId)
        : undefined;
  return {
    kind,
    name,
    guild: interaction.guildId,
    channel: interaction.channelId,
    user: interaction.user.id,
  };
}

/** The bot is behind: the member hears so at once, and nothing is done. */
async function sayBusy(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    await interaction.respond([]).catch(() => {});
    return;
  }
  if (!interaction.isRepliable()) return;
  const content = refusalText(messagesOf(interaction), { code: 'overloaded' });
  await interaction
    .reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: onlyMention() })
    .catch(() => {});
}

async function apologise(interaction: Interaction, error: unknown): Promise<void> {
  if (interaction.isAutocomplete()) {
    if (!interaction.responded) await interaction.respond([]);
    return;
  }
  if (!interaction.isRepliable()) return;
  const m = messagesOf(interaction);
  const name = (error as Error)?.name;
  const content =
    name === 'AnswerNotShownError'
      ? m.answerNotShown
      : name === 'StoreUnavailableError'
        ? refusalText(m, { code: 'store-unavailable' })
        : m.somethingWentWrong;
  const options = { content, flags: MessageFlags.Ephemeral, allowedMentions: onlyMention() } as const;
  if (interaction.deferred || interaction.replied) await interaction.followUp(options);
  else await interaction.reply(options);
}
