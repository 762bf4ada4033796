/**
 * What Discord refuses, as it refuses it (400, code 50035 "Invalid Form Body"): a message over its
 * size limits, an autocomplete answer with too many or too long choices, a slash command option
 * longer than a client lets a member type. Written apart from the bot's own check of the limits,
 * so that each catches the other's mistakes.
 */
import { holdsV2Components, isV2, type RowCheck, v2Problems } from './components-v2.ts';
import type { RouteResult } from './interactions.ts';
import type { RecordedMessage } from './state.ts';

/** Discord's documented limits (https://discord.com/developers/docs/resources/message). */
export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  embedTotal: 6000,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  buttonLabel: 80,
  customId: 100,
  actionRows: 5,
  rowComponents: 5,
  /** A channel's or thread's name. */
  channelName: 100,
  /** A string option a member types: at most this many characters whatever the command says. */
  stringOption: 6000,
  attachmentDescription: 1024,
  selectOptions: 25,
  optionLabel: 100,
  optionValue: 100,
  optionDescription: 100,
  placeholder: 150,
  /** An interaction's first answer (a reply or a deferral) is taken only this long after it was made. */
  acknowledgeMs: 3000,
  /** Its token answers follow-ups and edits this long. */
  tokenMs: 15 * 60_000,
} as const;

/** Discord counts characters (code points), not UTF-16 units. */
const length = (text: unknown): number => (typeof text === 'string' ? [...text].length : 0);

/** What a message body is checked against: the files uploaded with it; on an edit, the message edited. */
export interface MessageContext {
  files?: readonly { filename: string }[];
  editing?: RecordedMessage;
}

/**
 * Why Discord would refuse this message body (create, or edit of `context.editing`), or null when it
 * takes it. A Components V2 body (or an edit of a V2 message) is checked by components-v2.ts instead
 * of the legacy rows' limits.
 */
export function messageRefusal(body: any, context: MessageContext = {}): string | null {
  if (!body || typeof body !== 'object') return null;
  const problems: string[] = [];
  const over = (what: string, value: unknown, max: number) => {
    if (length(value) > max) problems.push(`${what}: Must be ${max} or fewer in length.`);
  };
  over('content', body.content, DISCORD_LIMITS.content);
  const embeds: any[] = Array.isArray(body.embeds) ? body.embeds : [];
  if (embeds.length > DISCORD_LIMITS.embeds) problems.push(`embeds: at most ${DISCORD_LIMITS.embeds}`);
  let total = 0;
  for (const [i, embed] of embeds.entries()) {
    over(`embeds.${i}.title`, embed?.title, DISCORD_LIMITS.embedTitle);
    over(`embeds.${i}.description`, embed?.description, DISCORD_LIMITS.embedDescription);
    over(`embeds.${i}.footer.text`, embed?.footer?.text, DISCORD_LIMITS.footerText);
    over(`embeds.${i}.author.name`, embed?.author?.name, DISCORD_LIMITS.authorName);
    const fields: any[] = Array.isArray(embed?.fields) ? embed.fields : [];
    if (fields.length > DISCORD_LIMITS.embedFields)
      problems.push(`embeds.${i}.fields: Must be ${DISCORD_LIMITS.embedFields} or fewer in length.`);
    for (const [j, field] of fields.entries()) {
      over(`embeds.${i}.fields.${j}.name`, field?.name, DISCORD_LIMITS.fieldName);
      over(`embeds.${i}.fields.${j}.value`, field?.value, DISCORD_LIMITS.fieldValue);
      total += length(field?.name) + length(field?.value);
    }
    total +=
      length(embed?.title) +
      length(embed?.description) +
      length(embed?.footer?.text) +
      length(embed?.author?.name);
  }
  if (total > DISCORD_LIMITS.embedTotal)
    problems.push(`embeds: Embed size exceeds maximum size of ${DISCORD_LIMITS.embedTotal}`);
  const customIds = new Set<string>();
  const checkRow: RowCheck = (row, at, found) => found.push(...rowProblems(row, at, customIds));
  const v2 = isV2(body.flags) || isV2(context.editing?.flags);
  if (v2 || holdsV2Components(body.components)) {
    const uploaded = (context.files ?? []).map((file) => file.filename);
    problems.push(...v2Problems(body, { uploaded, editing: context.editing }, checkRow));
  } else {
    const rows: any[] = Array.isArray(body.components) ? body.components : [];
    if (rows.length > DISCORD_LIMITS.actionRows)
      problems.push(`components: at most ${DISCORD_LIMITS.actionRows}`);
    for (const [i, row] of rows.entries()) checkRow(row, `components.${i}`, problems);
  }
  const attachments: any[] = Array.isArray(body.attachments) ? body.attachments : [];
  for (const [i, attachment] of attachments.entries())
    over(`attachments.${i}.description`, attachment?.description, DISCORD_LIMITS.attachmentDescription);
  return problems.length > 0 ? problems.join('; ') : null;
}

/** An action row: 1 to 5 buttons or one select menu, each within its lengths, custom ids unique in the message. */
function rowProblems(row: any, at: string, customIds: Set<string>): string[] {
  const problems: string[] = [];
  const over = (what: string, value: unknown, max: number) => {
    if (length(value) > max) problems.push(`${what}: Must be ${max} or fewer in length.`);
  };
  const components: any[] = Array.isArray(row?.components) ? row.components : [];
  if (components.length < 1 || components.length > DISCORD_LIMITS.rowComponents)
    problems.push(`${at}.components: between 1 and ${DISCORD_LIMITS.rowComponents}`);
  for (const [j, component] of components.entries()) {
    const where = `${at}.components.${j}`;
    over(`${where}.custom_id`, component?.custom_id, DISCORD_LIMITS.customId);
    if (typeof component?.custom_id === 'string') {
      if (customIds.has(component.custom_id))
        problems.push(`${where}.custom_id: Component custom id cannot be duplicated`);
      customIds.add(component.custom_id);
    }
    if (component?.type === 3) problems.push(...selectMenuProblems(component, where, components.length));
    else over(`${where}.label`, component?.label, DISCORD_LIMITS.buttonLabel);
  }
  return problems;
}

/** A string select menu: alone in its row, 1 to 25 options with distinct values, each within its lengths. */
function selectMenuProblems(menu: any, at: string, inRow: number): string[] {
  const problems: string[] = [];
  if (inRow > 1) problems.push(`${at}: a select menu fills its row alone`);
  const options: any[] = Array.isArray(menu.options) ? menu.options : [];
  if (options.length < 1 || options.length > DISCORD_LIMITS.selectOptions)
    problems.push(`${at}.options: Must be between 1 and ${DISCORD_LIMITS.selectOptions} in length.`);
  if (length(menu.placeholder) > DISCORD_LIMITS.placeholder)
    problems.push(`${at}.placeholder: Must be ${DISCORD_LIMITS.placeholder} or fewer in length.`);
  const values = new Set<string>();
  for (const [k, option] of options.entries()) {
    if (length(option?.label) < 1 || length(option?.label) > DISCORD_LIMITS.optionLabel)
      problems.push(
        `${at}.options.${k}.label: Must be between 1 and ${DISCORD_LIMITS.optionLabel} in length.`,
      );
    if (length(option?.value) < 1 || length(option?.value) > DISCORD_LIMITS.optionValue)
      problems.push(
        `${at}.options.${k}.value: Must be between 1 and ${DISCORD_LIMITS.optionValue} in length.`,
      );
    if (length(option?.description) > DISCORD_LIMITS.optionDescription)
      problems.push(
        `${at}.options.${k}.description: Must be ${DISCORD_LIMITS.optionDescription} or fewer in length.`,
      );
    if (values.has(option?.value))
      problems.push(`${at}.options.${k}.value: Select option values must be unique`);
    values.add(option?.value);
  }
  return problems;
}

/** Why Discord would refuse this channel or thread name, or null (none given: Discord's default). */
export function nameRefusal(name: unknown): string | null {
  if (name === undefined) return null;
  return length(name) < 1 || length(name) > DISCORD_LIMITS.channelName
    ? `name: Must be between 1 and ${DISCORD_LIMITS.channelName} in length.`
    : null;
}

/** Why Discord would refuse these autocomplete choices, or null. */
export function choicesRefusal(choices: unknown): string | null {
  if (!Array.isArray(choices)) return null;
  if (choices.length > DISCORD_LIMITS.choices)
    return `choices: Must be ${DISCORD_LIMITS.choices} or fewer in length.`;
  for (const [i, choice] of choices.entries()) {
    if (length(choice?.name) < 1 || length(choice?.name) > DISCORD_LIMITS.choiceName)
      return `choices.${i}.name: Must be between 1 and ${DISCORD_LIMITS.choiceName} in length.`;
    if (typeof choice?.value === 'string' && length(choice.value) > DISCORD_LIMITS.choiceValue)
      return `choices.${i}.value: Must be ${DISCORD_LIMITS.choiceValue} or fewer in length.`;
  }
  return null;
}

/**
 * An interaction callback's refusal: its message (a reply; an update edits `source`, the component's
 * message) or its choices (autocomplete). A deferral takes no flag but EPHEMERAL: "If you'd like to
 * create a component based message with IS_COMPONENTS_V2 you must do that with the edit original
 * response endpoint" (Interaction Response Object, messages).
 */
export function callbackRefusal(
  body: any,
  files: readonly { filename: string }[] = [],
  source?: RecordedMessage,
): string | null {
  const type = Number(body?.type);
  if (type === 8) return choicesRefusal(body?.data?.choices);
  if (type === 4) return messageRefusal(body?.data, { files });
  if (type === 7) return messageRefusal(body?.data, { files, editing: source });
  if (type === 5 && isV2(body?.data?.flags))
    return 'data.flags: a deferred response takes no flag but EPHEMERAL (IS_COMPONENTS_V2 comes with the edit)';
  return null;
}

/** Discord's answer to a body it refuses. */
export function invalidFormBody(problem: string): RouteResult {
  return { status: 400, body: { code: 50035, message: `Invalid Form Body (${problem})`, errors: {} } };
}

/**
 * Why a Discord client would not send this string option: longer than the command's `max_length`
 * (or Discord's own limit), shorter than its `min_length`. A member cannot send it at all.
 */
export function optionRefusal(declared: any, name: string, value: string): string | null {
  const max = Math.min(Number(declared?.max_length ?? Number.POSITIVE_INFINITY), DISCORD_LIMITS.stringOption);
  if (length(value) > max) return `option ${name}: at most ${max} characters, given ${length(value)}`;
  const min = Number(declared?.min_length ?? 0);
  if (length(value) < min) return `option ${name}: at least ${min} characters, given ${length(value)}`;
  return null;
}
