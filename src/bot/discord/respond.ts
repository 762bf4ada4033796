/**
 * Answering an interaction within Discord's three seconds, whatever the work costs. A handler
 * answers through `answer()`: the reply goes out directly when the work is quick, and when it is
 * not, the interaction is deferred after `DEFER_AFTER_MS` and the answer edited in later. A
 * refusal is always ephemeral, even after a public deferral. A change is written only once the
 * interaction is acknowledged, so its member can always be told of it (interaction-deadline.ts).
 */
import {
  type ActionRowBuilder,
  type AttachmentBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type EmbedBuilder,
  type InteractionReplyOptions,
  type MessageActionRowComponentBuilder,
  MessageFlags,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { Outcome } from '../../game/types.ts';
import type { Messages } from '../../i18n/index.ts';
import { withCommitGate } from '../../store/index.ts';
import { onlyMention, type Post, refusalText } from '../views/present.ts';
import { InteractionExpiredError } from './interaction-deadline.ts';
import { ageOf } from './received-at.ts';

export const DEFER_AFTER_MS = 1200;

type Answerable = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

export type Answer =
  | { kind: 'public'; message: Post; followUp?: Answer }
  /** Only the user sees it: a refusal, or (refusal: false) something private they asked for. */
  | {
      kind: 'private';
      content: string;
      files?: AttachmentBuilder[];
      embeds?: EmbedBuilder[];
      components?: ActionRowBuilder<MessageActionRowComponentBuilder>[];
      refusal?: boolean;
    }
  /** For buttons and menus: replace the message they sit on. */
  | { kind: 'update'; message: Post; followUp?: Answer };

export const publicAnswer = (message: Post): Answer => ({ kind: 'public', message });

/**
 * The shape most commands share: ask the game service, refuse with its reason in the member's
 * language, or present what it did.
 */
export function answerOutcome<T>(
  interaction: Answerable,
  m: Messages,
  attempt: () => Promise<Outcome<T>>,
  present: (value: T) => Answer | Promise<Answer>,
): Promise<void> {
  return answer(interaction, async () => {
    const outcome = await attempt();
    return outcome.ok ? present(outcome.value) : privateAnswer(refusalText(m, outcome));
  });
}
export const privateAnswer = (content: string): Answer => ({ kind: 'private', content });
/** A private answer that is not a refusal, e.g. a file the user asked for. */
export const privateReply = (
  content: string,
  extra: {
    files?: AttachmentBuilder[];
    embeds?: EmbedBuilder[];
    components?: ActionRowBuilder<MessageActionRowComponentBuilder>[];
  } = {},
): Answer => ({
  kind: 'private',
  content,
  ...extra,
  refusal: false,
});

/** Refusals of the bot's own interactions, counted by the router for its log line. */
export const refused = new WeakSet<object>();

/**
 * The work was done (a change may stand), but Discord did not take the message telling of it: the
 * member hears that, never that nothing was changed.
 */
export class AnswerNotShownError extends Error {
  constructor(cause: unknown) {
    super('the answer could not be shown', { cause });
    this.name = 'AnswerNotShownError';
  }
}

/** Sends the answer to work already done; a failure to send is an AnswerNotShownError. */
export async function tellDone<T>(sending: Promise<T>): Promise<T> {
  try {
    return await sending;
  } catch (error) {
    throw new AnswerNotShownError(error);
  }
}

/**
 * Does `work` and sends its answer. Each commit inside the work passes a gate: the interaction is
 * acknowledged first (deferred, unless it already was), so the answer to a change that is written
 * can always be sent, within the fifteen minutes a deferral gives; when even the deferral is refused
 * (the interaction expired), the commit is not written (InteractionExpiredError) and nothing is
 * changed. Work that writes nothing (a refusal, a look at the board) is answered directly.
 */
export async function answer(interaction: Answerable, work: () => Promise<Answer>): Promise<void> {
  let deferral: Promise<unknown> | null = null;
  const defer = () => {
    deferral ??= interaction.isMessageComponent() ? interaction.deferUpdate() : interaction.deferReply();
    return deferral;
  };
  const timer = setTimeout(() => defer().catch(() => {}), Math.max(0, DEFER_AFTER_MS - ageOf(interaction)));
  let working = true;
  const gate = async () => {
    // Work this answer started that outlives it is not this interaction's (background jobs also run
    // outside every gate: BackgroundJob).
    if (!working) return;
    try {
      await defer();
    } catch (error) {
      throw new InteractionExpiredError(error);
    }
  };
  let result: Answer;
  try {
    result = await withCommitGate(gate, work);
  } finally {
    working = false;
    clearTimeout(timer);
  }
  // A refusal changed nothing: if it cannot be sent, "nothing was changed" is still true. Anything
  // else was done, and a deferral that failed meanwhile is a failure to tell of it.
  const told = result.kind === 'private' && result.refusal !== false ? (x: Promise<void>) => x : tellDone;
  await told(
    (async () => {
      if (deferral) await deferral;
      await send(interaction, result, deferral !== null ? 'deferred' : 'answer');
    })(),
  );
}

/**
 * `answer`: nothing sent yet. `deferred`: the interaction was deferred, its answer is an edit.
 * `after`: the interaction is answered; anything more is a follow-up message.
 */
type Stage = 'answer' | 'deferred' | 'after';

async function send(interaction: Answerable, result: Answer, stage: Stage): Promise<void> {
  if (result.kind === 'private') {
    if (result.refusal !== false) refused.add(interaction);
    const options: InteractionReplyOptions = {
      content: result.content,
      files: result.files,
      embeds: result.embeds,
      components: result.components,
      flags: MessageFlags.Ephemeral,
      allowedMentions: onlyMention(),
    };
    if (stage === 'deferred' && !interaction.isMessageComponent()) {
      // A public "thinking…" reply cannot turn private: remove it and answer privately.
      await interaction.deleteReply().catch(() => {});
      await interaction.followUp(options);
    } else if (stage !== 'answer') {
      await interaction.followUp(options);
    } else {
      await interaction.reply(options);
    }
    return;
  }
  if (result.kind === 'update' && interaction.isMessageComponent() && stage !== 'after') {
    if (stage === 'deferred') await interaction.editReply(result.message);
    else await interaction.update(result.message);
  } else if (stage === 'deferred' && !interaction.isMessageComponent()) {
    await interaction.editReply(result.message);
  } else if (stage !== 'answer') {
    await interaction.followUp(result.message);
  } else {
    await interaction.reply(result.message);
  }
  if (result.followUp) await send(interaction, result.followUp, 'after');
}
