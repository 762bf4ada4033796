/**
 * Discord's Components V2 messages (flag IS_COMPONENTS_V2): what such a message may hold and what
 * Discord refuses of it, the text a member reads in it, the files it shows, and the clickable
 * components wherever they sit (in action rows, containers, section accessories).
 * Rules from https://discord.com/developers/docs/components/reference and the message resource's
 * Create / Edit Message (docs/resources/message), as quoted where each is checked.
 */
import type { RecordedMessage } from './state.ts';

/** Message flag 1 << 15: the message is its components, without content or embeds. */
export const IS_COMPONENTS_V2 = 1 << 15;

/** discord-api-types' ComponentType numbers. */
export const COMPONENT = {
  actionRow: 1,
  button: 2,
  stringSelect: 3,
  section: 9,
  textDisplay: 10,
  thumbnail: 11,
  mediaGallery: 12,
  file: 13,
  separator: 14,
  container: 17,
} as const;

export const V2_LIMITS = {
  /** "Messages allow up to 40 total components" (nested ones counted). */
  components: 40,
  /**
   * All text displays together (discord-api-docs PR #8562, not yet in the reference; @discordjs/builders
   * holds each one to 1-4000).
   */
  text: 4000,
  sectionTexts: 3,
  galleryItems: 10,
  altText: 1024,
} as const;

/** Components only a V2 message may hold. */
const V2_ONLY = new Set<number>([
  COMPONENT.section,
  COMPONENT.textDisplay,
  COMPONENT.thumbnail,
  COMPONENT.mediaGallery,
  COMPONENT.file,
  COMPONENT.separator,
  COMPONENT.container,
]);
/** A container's children: "action row, text display, section, media gallery, separator, or file". */
const IN_CONTAINER = new Set<number>([
  COMPONENT.actionRow,
  COMPONENT.textDisplay,
  COMPONENT.section,
  COMPONENT.mediaGallery,
  COMPONENT.separator,
  COMPONENT.file,
]);
/** The top level: a container's children and containers. */
const TOP_LEVEL = new Set<number>([...IN_CONTAINER, COMPONENT.container]);

const ATTACHMENT = 'attachment://';
const list = (value: unknown): any[] => (Array.isArray(value) ? value : []);
/** Discord counts characters (code points), not UTF-16 units. */
const length = (text: unknown): number => (typeof text === 'string' ? [...text].length : 0);

export const isV2 = (flags: unknown): boolean => (Number(flags ?? 0) & IS_COMPONENTS_V2) !== 0;

/** Whether a message body holds a component only V2 messages may hold, at its top level. */
export const holdsV2Components = (components: unknown): boolean =>
  list(components).some((component) => V2_ONLY.has(component?.type));

/** The text displays of a layout, in reading order (containers and sections opened). */
export function textDisplays(components: unknown): string[] {
  return list(components).flatMap((component): string[] => {
    if (component?.type === COMPONENT.textDisplay) return [String(component.content ?? '')];
    if (component?.type === COMPONENT.container || component?.type === COMPONENT.section)
      return textDisplays(component.components);
    return [];
  });
}

/** What a member reads in a V2 message: its text displays in order, one per line. */
export const readableText = (components: unknown): string => textDisplays(components).join('\n');

/** The media URLs a layout shows: gallery items, thumbnails, file components. */
function mediaUrls(components: unknown): { url: unknown; at: string; file: boolean }[] {
  const urls: { url: unknown; at: string; file: boolean }[] = [];
  const walk = (children: unknown, path: string) => {
    for (const [i, component] of list(children).entries()) {
      const at = `${path}.${i}`;
      if (component?.type === COMPONENT.mediaGallery)
        for (const [j, item] of list(component.items).entries())
          urls.push({ url: item?.media?.url, at: `${at}.items.${j}.media.url`, file: false });
      if (component?.type === COMPONENT.file)
        urls.push({ url: component.file?.url, at: `${at}.file.url`, file: true });
      if (component?.accessory?.type === COMPONENT.thumbnail)
        urls.push({ url: component.accessory.media?.url, at: `${at}.accessory.media.url`, file: false });
      if (component?.type === COMPONENT.container || component?.type === COMPONENT.section)
        walk(component.components, `${at}.components`);
    }
  };
  walk(components, 'components');
  return urls;
}

/** The files a V2 layout shows: those its `attachment://` URLs name (Discord hides the others). */
export function shownFiles(components: unknown): string[] {
  const names = mediaUrls(components)
    .map(({ url }) => url)
    .filter((url): url is string => typeof url === 'string' && url.startsWith(ATTACHMENT))
    .map((url) => url.slice(ATTACHMENT.length));
  return [...new Set(names)];
}

/**
 * The components a member can use, wherever they sit: in action rows (top level or in a container)
 * and as a section's accessory.
 */
export function interactiveComponents(components: unknown): any[] {
  return list(components).flatMap((component): any[] => {
    if (component?.type === COMPONENT.actionRow) return list(component.components);
    if (component?.type === COMPONENT.container) return interactiveComponents(component.components);
    if (component?.type === COMPONENT.section)
      return component.accessory?.type === COMPONENT.button ? [component.accessory] : [];
    return [];
  });
}

/** Checks an action row as legacy messages have it checked, at `at`, into the problems list. */
export type RowCheck = (row: any, at: string, problems: string[]) => void;

/** What the V2 body (create, or edit of `editing`) would make of the message, and what it keeps. */
export interface V2Context {
  /** Names of the files uploaded with this body. */
  uploaded: string[];
  /** On an edit: the message edited. */
  editing?: RecordedMessage;
}

/** Why Discord refuses the V2 part of a message body, as a list of problems (empty: none). */
export function v2Problems(body: any, context: V2Context, checkRow: RowCheck): string[] {
  const { editing } = context;
  const wasV2 = editing !== undefined && isV2(editing.flags);
  const setsFlags = body?.flags !== undefined && body?.flags !== null;
  const problems: string[] = [];
  // "The IS_COMPONENTS_V2 flag can only be set" (Edit Message): flags sent without it on a V2 message.
  if (wasV2 && setsFlags && !isV2(body.flags))
    problems.push('flags: IS_COMPONENTS_V2 cannot be removed from a message');
  const v2 = wasV2 || (setsFlags && isV2(body.flags));
  if (!v2) {
    if (holdsV2Components(body?.components))
      problems.push('components: this component type needs the IS_COMPONENTS_V2 flag');
    return problems;
  }
  // "When the flag IS_COMPONENTS_V2 is set, the message can only contain components" (Create Message);
  // an edit that sets it must reset the message's content to null and embeds to [] (Edit Message).
  const content = body?.content !== undefined ? body.content : wasV2 ? null : editing?.content;
  const embeds = body?.embeds !== undefined ? body.embeds : wasV2 ? [] : editing?.embeds;
  if (length(content) > 0) problems.push('content: a message with IS_COMPONENTS_V2 cannot have content');
  if (list(embeds).length > 0) problems.push('embeds: a message with IS_COMPONENTS_V2 cannot have embeds');
  if (body?.poll != null) problems.push('poll: a message with IS_COMPONENTS_V2 cannot have a poll');
  if (list(body?.sticker_ids).length > 0)
    problems.push('sticker_ids: a message with IS_COMPONENTS_V2 cannot have stickers');
  if (body?.shared_client_theme != null)
    problems.push('shared_client_theme: a message with IS_COMPONENTS_V2 cannot share a theme');
  const components = body?.components !== undefined ? list(body.components) : (editing?.components ?? []);
  problems.push(...layoutProblems(components, checkRow));
  problems.push(...referenceProblems(components, availableFiles(body, context)));
  return problems;
}

/** The files an `attachment://` URL may name: uploaded now, or kept from the message edited. */
function availableFiles(body: any, { uploaded, editing }: V2Context): Set<string> {
  const kept = editing
    ? Array.isArray(body?.attachments)
      ? editing.attachments.filter((_, index) =>
          body.attachments.some((entry: any) => String(entry?.id) === `${editing.id}${index}`),
        )
      : editing.attachments
    : [];
  return new Set([...uploaded, ...kept.map((attachment) => attachment.filename)]);
}

function referenceProblems(components: any[], files: Set<string>): string[] {
  const problems: string[] = [];
  for (const { url, at, file } of mediaUrls(components)) {
    if (typeof url !== 'string' || url.length === 0) problems.push(`${at}: a media item needs a url`);
    else if (url.startsWith(ATTACHMENT)) {
      if (!files.has(url.slice(ATTACHMENT.length)))
        problems.push(`${at}: ${url} names no file uploaded with the message`);
    } else if (file) problems.push(`${at}: a file component only takes attachment:// URLs`);
    else if (!/^https?:\/\//.test(url)) problems.push(`${at}: not an http(s) or attachment:// URL`);
  }
  return problems;
}

/** The layout's shape: which component may hold which, how many, how much text. */
function layoutProblems(components: any[], checkRow: RowCheck): string[] {
  const problems: string[] = [];
  let count = 0;
  let text = 0;
  const child = (component: any, at: string, allowed: Set<number>, where: string) => {
    count++;
    const type = component?.type;
    if (!allowed.has(type)) {
      problems.push(
        type === COMPONENT.container && where === 'a container'
          ? `${at}: a container cannot hold another container`
          : `${at}.type: component type ${type} cannot be placed in ${where}`,
      );
      return;
    }
    if (type === COMPONENT.actionRow) {
      count += list(component.components).length;
      checkRow(component, at, problems);
    } else if (type === COMPONENT.textDisplay) {
      if (length(component.content) < 1) problems.push(`${at}.content: a text display needs text`);
      text += length(component.content);
    } else if (type === COMPONENT.container) {
      for (const [i, inner] of list(component.components).entries())
        child(inner, `${at}.components.${i}`, IN_CONTAINER, 'a container');
      if (list(component.components).length < 1)
        problems.push(`${at}.components: a container needs components`);
    } else if (type === COMPONENT.section) sectionProblems(component, at);
    else if (type === COMPONENT.mediaGallery) {
      const items = list(component.items);
      if (items.length < 1 || items.length > V2_LIMITS.galleryItems)
        problems.push(`${at}.items: Must be between 1 and ${V2_LIMITS.galleryItems} in length.`);
      for (const [j, item] of items.entries())
        if (length(item?.description) > V2_LIMITS.altText)
          problems.push(`${at}.items.${j}.description: Must be ${V2_LIMITS.altText} or fewer in length.`);
    }
  };
  const sectionProblems = (section: any, at: string) => {
    const texts = list(section.components);
    if (texts.length < 1 || texts.length > V2_LIMITS.sectionTexts)
      problems.push(`${at}.components: a section holds 1 to ${V2_LIMITS.sectionTexts} text displays`);
    for (const [i, inner] of texts.entries())
      child(inner, `${at}.components.${i}`, new Set([COMPONENT.textDisplay]), 'a section');
    const accessory = section.accessory;
    if (accessory?.type !== COMPONENT.button && accessory?.type !== COMPONENT.thumbnail) {
      problems.push(`${at}.accessory: a section needs one accessory, a button or a thumbnail`);
      return;
    }
    count++;
    if (accessory.type === COMPONENT.button)
      checkRow({ components: [accessory] }, `${at}.accessory`, problems);
    else if (length(accessory.description) > V2_LIMITS.altText)
      problems.push(`${at}.accessory.description: Must be ${V2_LIMITS.altText} or fewer in length.`);
  };
  for (const [i, component] of components.entries())
    child(component, `components.${i}`, TOP_LEVEL, 'a message');
  if (count > V2_LIMITS.components)
    problems.push(`components: a message holds at most ${V2_LIMITS.components} components, given ${count}`);
  if (text > V2_LIMITS.text)
    problems.push(
      `components: text displays hold at most ${V2_LIMITS.text} characters in all, given ${text}`,
    );
  return problems;
}
