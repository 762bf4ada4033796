/**
 * Discord's size limits, checked once for everything the bot sends: every message it posts, edits
 * or follows up, and every list of autocomplete choices, passes through `fitRequest` on its way
 * out (the client's REST requests go through `guardRequests`). What is too long is cut with a
 * visible mark and logged, so that no answer fails on size; messages are built to fit in the
 * first place (a long list says "… and 13 more"), and the log says where one did not.
 */
import { DefaultRestOptions, type RESTOptions } from 'discord.js';
import type { Logger } from '../../log.ts';

export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** Everything in a message's embeds together. */
  embedTotal: 6000,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  buttonLabel: 80,
  threadName: 100,
  /** An attachment's description (its alt text). */
  attachmentDescription: 1024,
  /** A select menu's options, and each option's label, value and description. */
  menuOptions: 25,
  optionLabel: 100,
  optionValue: 100,
  optionDescription: 100,
  menuPlaceholder: 150,
  /** Action rows in a message, and buttons in a row (a select menu fills a row alone). */
  actionRows: 5,
  rowButtons: 5,
} as const;

/** What shows where text was cut. */
export const CUT_MARK = ' […]';

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, of whatever shape discord.js sends
type Json = Record<string, any>;

/**
 * `text` within `max` characters (UTF-16 units, never fewer than Discord's count), cut at a
 * character boundary with the mark; `cuts` hears of it.
 */
function shorten(text: unknown, max: number, what: string, cuts: string[]): unknown {
  if (typeof text !== 'string' || text.length <= max) return text;
  cuts.push(`${what} ${text.length}>${max}`);
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > max - CUT_MARK.length) break;
    kept += character;
  }
  return kept + CUT_MARK;
}

const size = (text: unknown) => (typeof text === 'string' ? text.length : 0);

function embedSize(embed: Json): number {
  const fields: Json[] = embed.fields ?? [];
  return (
    size(embed.title) +
    size(embed.description) +
    size(embed.footer?.text) +
    size(embed.author?.name) +
    fields.reduce((sum, field) => sum + size(field.name) + size(field.value), 0)
  );
}

function fitEmbed(embed: Json, index: number, cuts: string[]): Json {
  const at = `embeds.${index}`;
  const fields: Json[] = Array.isArray(embed.fields) ? embed.fields : [];
  if (fields.length > LIMITS.embedFields) cuts.push(`${at}.fields ${fields.length}>${LIMITS.embedFields}`);
  return {
    ...embed,
    ...(embed.title !== undefined
      ? { title: shorten(embed.title, LIMITS.embedTitle, `${at}.title`, cuts) }
      : {}),
    ...(embed.description !== undefined
      ? { description: shorten(embed.description, LIMITS.embedDescription, `${at}.description`, cuts) }
      : {}),
    ...(embed.footer
      ? {
          footer: {
            ...embed.footer,
            text: shorten(embed.footer.text, LIMITS.footerText, `${at}.footer`, cuts),
          },
        }
      : {}),
    ...(embed.author
      ? {
          author: {
            ...embed.author,
            name: shorten(embed.author.name, LIMITS.authorName, `${at}.author`, cuts),
          },
        }
      : {}),
    ...(embed.fields
      ? {
          fields: fields.slice(0, LIMITS.embedFields).map((field, i) => ({
            ...field,
            name: shorten(field.name, LIMITS.fieldName, `${at}.fields.${i}.name`, cuts),
            value: shorten(field.value, LIMITS.fieldValue, `${at}.fields.${i}.value`, cuts),
          })),
        }
      : {}),
  };
}

/** An embed's texts that may be shortened to bring the message within its total, longest kept longest. */
const SHORTENED = [
  { get: (e: Json) => e.description, set: (e: Json, text?: string) => ({ ...e, description: text }) },
  {
    get: (e: Json) => e.footer?.text,
    set: (e: Json, text?: string) => ({ ...e, footer: text ? { ...e.footer, text } : undefined }),
  },
  {
    get: (e: Json) => e.author?.name,
    set: (e: Json, text?: string) => ({ ...e, author: text ? { ...e.author, name: text } : undefined }),
  },
  { get: (e: Json) => e.title, set: (e: Json, text?: string) => ({ ...e, title: text }) },
];

/** The embeds within their total: the last fields go first, then the texts are shortened. */
function fitTotal(embeds: Json[], cuts: string[]): Json[] {
  const total = () => embeds.reduce((sum, embed) => sum + embedSize(embed), 0);
  if (total() <= LIMITS.embedTotal) return embeds;
  cuts.push(`embeds total ${total()}>${LIMITS.embedTotal}`);
  for (let i = embeds.length - 1; i >= 0 && total() > LIMITS.embedTotal; i--) {
    while ((embeds[i].fields?.length ?? 0) > 0 && total() > LIMITS.embedTotal)
      embeds[i] = { ...embeds[i], fields: embeds[i].fields.slice(0, -1) };
  }
  for (let i = embeds.length - 1; i >= 0 && total() > LIMITS.embedTotal; i--) {
    for (const { get, set } of SHORTENED) {
      const over = total() - LIMITS.embedTotal;
      const text = get(embeds[i]);
      if (over <= 0 || typeof text !== 'string' || text.length === 0) continue;
      const room = text.length - over;
      embeds[i] = set(
        embeds[i],
        room > CUT_MARK.length ? (shorten(text, room, '', []) as string) : undefined,
      );
    }
  }
  return embeds;
}

/** A message body (as the API takes it, to create or edit) within Discord's limits. */
export function fitMessage(body: Json, cuts: string[]): Json {
  const fitted: Json = { ...body };
  if (body.content !== undefined && body.content !== null)
    fitted.content = shorten(body.content, LIMITS.content, 'content', cuts);
  if (Array.isArray(body.embeds)) {
    if (body.embeds.length > LIMITS.embeds) cuts.push(`embeds ${body.embeds.length}>${LIMITS.embeds}`);
    const embeds = body.embeds
      .slice(0, LIMITS.embeds)
      .map((embed: Json, i: number) => fitEmbed(embed, i, cuts));
    fitted.embeds = fitTotal(embeds, cuts);
  }
  if (Array.isArray(body.components)) {
    fitted.components = body.components.map((row: Json, i: number) =>
      Array.isArray(row?.components)
        ? {
            ...row,
            components: row.components.map((component: Json, j: number) =>
              component?.label === undefined
                ? component
                : {
                    ...component,
                    label: shorten(component.label, LIMITS.buttonLabel, `components.${i}.${j}.label`, cuts),
                  },
            ),
          }
        : row,
    );
  }
  return fitted;
}

/** Autocomplete choices within Discord's limits: 25 at most, each name 1 to 100 characters. */
export function fitChoices(choices: Json[], cuts: string[]): Json[] {
  if (choices.length > LIMITS.choices) cuts.push(`choices ${choices.length}>${LIMITS.choices}`);
  return choices.slice(0, LIMITS.choices).map((choice, i) => ({
    ...choice,
    name: shorten(choice.name || '…', LIMITS.choiceName, `choices.${i}.name`, cuts),
  }));
}

/** A name within `max` characters (a thread's), cut at a character boundary with an ellipsis. */
export function clipped(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > max - 1) break;
    kept += character;
  }
  return `${kept}…`;
}

/**
 * A list in at most `room` characters: as many items as fit, in order, then `more(count)` for the
 * rest ("… and 13 more").
 */
export function listWithin(
  items: string[],
  separator: string,
  room: number,
  more: (count: number) => string,
): string {
  const all = items.join(separator);
  if (all.length <= room) return all;
  let shown = more(items.length);
  for (let kept = 1; kept < items.length; kept++) {
    const longer = `${items.slice(0, kept).join(separator)}${separator}${more(items.length - kept)}`;
    if (longer.length > room) break;
    shown = longer;
  }
  return shown;
}

/**
 * A list as embed fields: one line per entry, as many fields as it takes to keep each within
 * Discord's 1,024 characters, the first named `name` and the others continuing it unnamed.
 */
export function fieldsOf(name: string, lines: string[]): { name: string; value: string }[] {
  const values: string[] = [];
  for (const line of lines) {
    const last = values.at(-1);
    if (last !== undefined && last.length + 1 + line.length <= LIMITS.fieldValue)
      values[values.length - 1] = `${last}\n${line}`;
    else values.push(line);
  }
  return values.map((value, i) => ({ name: i === 0 ? name : '\u200b', value }));
}

/** Where a request goes, without ids or tokens: what the log may say. */
type Kind = 'channel message' | 'interaction answer' | 'webhook message';

function kindOf(method: string, path: string): Kind | null {
  if (method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(path)) return 'interaction answer';
  if ((method === 'POST' || method === 'PATCH') && /^\/webhooks\/\d+\/[^/]+(\/messages\/[^/]+)?$/.test(path))
    return 'webhook message';
  if (
    (method === 'POST' && /^\/channels\/\d+\/messages$/.test(path)) ||
    (method === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(path))
  )
    return 'channel message';
  return null;
}

/** A request's body within Discord's limits; `kind` is null for a request that sends no message. */
export function fitRequest(
  method: string,
  path: string,
  body: Json,
): { body: Json; kind: Kind | null; cuts: string[] } {
  const cuts: string[] = [];
  const kind = kindOf(method, path);
  if (!kind || !body || typeof body !== 'object') return { body, kind, cuts };
  if (kind !== 'interaction answer') return { body: fitMessage(body, cuts), kind, cuts };
  const data = body.data;
  if (!data || typeof data !== 'object') return { body, kind, cuts };
  if (body.type === 8 && Array.isArray(data.choices))
    return { body: { ...body, data: { ...data, choices: fitChoices(data.choices, cuts) } }, kind, cuts };
  return { body: { ...body, data: fitMessage(data, cuts) }, kind, cuts };
}

type MakeRequest = RESTOptions['makeRequest'];

/**
 * The client's way of making REST requests, with every message and choice list fitted to Discord's
 * limits on its way out; a cut is logged as a warning.
 */
export function guardRequests(
  logger: Logger,
  makeRequest: MakeRequest = DefaultRestOptions.makeRequest,
): MakeRequest {
  return async (url, init) => {
    const path = /\/v\d+(\/[^?]*)/.exec(new URL(url).pathname)?.[1] ?? '';
    const method = (init.method ?? 'GET').toUpperCase();
    if (!kindOf(method, path)) return makeRequest(url, init);
    const body = init.body;
    const fitted = (json: string): string => {
      const { body: fittedBody, kind, cuts } = fitRequest(method, path, JSON.parse(json));
      if (cuts.length === 0) return json;
      logger.warn('cut a message to fit Discord', { kind, cuts });
      return JSON.stringify(fittedBody);
    };
    if (typeof body === 'string') return makeRequest(url, { ...init, body: fitted(body) });
    if (body instanceof FormData) {
      const payload = body.get('payload_json');
      if (typeof payload === 'string') body.set('payload_json', fitted(payload));
    }
    return makeRequest(url, init);
  };
}
