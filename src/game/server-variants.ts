/**
 * A server's own variants: rule sets its moderators add as OpenTafl rules strings, and the
 * variant `/challenge` offers first. One document per guild, changed by compare-and-set.
 *
 * A game or challenge in a server variant carries the whole rule set with it (the rules string),
 * so removing or re-adding a variant never changes a game already under way.
 */
import type { FailureParams } from '../core/outcome.ts';
import type { Player } from '../core/players.ts';
import { guarded } from '../core/transaction.ts';
import {
  decidedStart,
  getVariant,
  houseVariant,
  isServerVariantId,
  isVariantId,
  OpenTaflRulesError,
  parseOpenTaflRules,
  type ServerVariantId,
  serverVariant,
  type Variant,
  type VariantKey,
  variantIds,
  writeOpenTaflRules,
} from '../engine/index.ts';
import type { Store } from '../store/index.ts';
import { keys } from './keys.ts';
import { failure, type Outcome, success } from './types.ts';

export interface ServerVariantEntry {
  id: ServerVariantId;
  name: string;
  /** The rule set, as this bot writes it (read back, it gives the very same record). */
  rules: string;
  addedBy: Player;
  addedAt: number;
}

export interface ServerVariantsDoc {
  schema: 1;
  variants: ServerVariantEntry[];
  /** What `/challenge` plays when no variant is given; null: the bot's own default. */
  defaultVariant: VariantKey | null;
}

/** The bot's default variant, where a server has set none. */
export const BOT_DEFAULT_VARIANT = 'alea-armed' satisfies VariantKey;

/** Discord lists at most 25 autocomplete choices; the built-in variants take seven of them. */
export const MAX_SERVER_VARIANTS = 18;
export const MAX_NAME_LENGTH = 40;
/** A rules string is one Discord option: 6000 characters at most there; a 19x19 start is < 500. */
export const MAX_RULES_LENGTH = 2000;

const emptyDoc = (): ServerVariantsDoc => ({ schema: 1, variants: [], defaultVariant: null });

/** How many letters, digits and hyphens a server variant's id has after `server:`. */
const MAX_SLUG_LENGTH = 32;

/**
 * The id a name gets: `server:` and its letters and digits, lower case, words joined by hyphens;
 * when `taken` has it already (another name alike in its first 32 characters), the first of
 * `-2`, `-3`... that is free.
 */
export function idForName(name: string, taken: ReadonlySet<string> = new Set()): ServerVariantId | null {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = (text: string, length: number) => text.slice(0, length).replace(/-+$/, '');
  if (!slug) return null;
  let id = `server:${cut(slug, MAX_SLUG_LENGTH)}` as const;
  for (let n = 2; taken.has(id); n++) id = `server:${cut(slug, MAX_SLUG_LENGTH - `-${n}`.length)}-${n}`;
  return isServerVariantId(id) ? id : null;
}

/** At most `max` characters of what a member wrote, with `…` where it was cut. */
function excerpt(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/** A built-in variant's record, or a server variant's from its rules string. */
export function variantOf(key: VariantKey, rules?: string): Variant | null {
  if (isVariantId(key)) return getVariant(key);
  if (isServerVariantId(key) && rules !== undefined) return serverVariant(key, rules);
  return null;
}

/**
 * The particulars of a refused rules string, as a service failure's params: of what the member
 * wrote, only a short excerpt, so that the refusal always fits in a message.
 */
function rulesRefusal(error: OpenTaflRulesError): FailureParams {
  const { key, value, expected, min, max, otherKey, otherValue, entry, detail } = error.params;
  return {
    rulesCode: error.code,
    key: excerpt(key, 24),
    value: excerpt(value, 40),
    expected,
    min,
    max,
    otherKey: excerpt(otherKey, 24),
    otherValue: excerpt(otherValue, 40),
    entry: excerpt(entry, 40),
    detail: excerpt(detail, 160),
  };
}

export class ServerVariants {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  async list(guildId: string): Promise<ServerVariantsDoc> {
    return (await this.store.read<ServerVariantsDoc>(keys.serverVariants(guildId)))?.value ?? emptyDoc();
  }

  /** A variant this guild can play, by id: built in, or one of its own. */
  async find(guildId: string, key: string): Promise<Variant | null> {
    if (isVariantId(key)) return getVariant(key);
    if (!isServerVariantId(key)) return null;
    const entry = (await this.list(guildId)).variants.find((variant) => variant.id === key);
    return entry ? serverVariant(entry.id, entry.rules) : null;
  }

  /** The variant `/challenge` plays when none is given. */
  async defaultFor(guildId: string): Promise<Variant> {
    const doc = await this.list(guildId);
    const chosen = doc.defaultVariant ? await this.find(guildId, doc.defaultVariant) : null;
    return chosen ?? getVariant(BOT_DEFAULT_VARIANT);
  }

  add(
    guildId: string,
    input: { name: string; rules: string; by: Player },
  ): Promise<Outcome<ServerVariantEntry>> {
    return guarded(async () => {
      const name = input.name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
      if (name.length === 0 || name.length > MAX_NAME_LENGTH)
        return failure('variant-name-invalid', { max: MAX_NAME_LENGTH });
      const id = idForName(name);
      if (!id) return failure('variant-name-invalid', { max: MAX_NAME_LENGTH });
      if (input.rules.length > MAX_RULES_LENGTH)
        return failure('variant-rules-too-long', { max: MAX_RULES_LENGTH });
      const builtIn = variantIds.find(
        (builtInId) =>
          `server:${builtInId}` === id || getVariant(builtInId).name.toLowerCase() === name.toLowerCase(),
      );
      if (builtIn) return failure('variant-name-built-in', { name });
      let rules: string;
      try {
        const record = parseOpenTaflRules(input.rules);
        rules = writeOpenTaflRules({ ...record, name });
        const decided = decidedStart({ variant: houseVariant(parseOpenTaflRules(rules), id) });
        if (decided)
          return failure('variant-start-decided', { reason: decided.reason, side: decided.sideToMove });
      } catch (error) {
        if (error instanceof OpenTaflRulesError) return failure('variant-rules-invalid', rulesRefusal(error));
        throw error;
      }
      const read = await this.store.read<ServerVariantsDoc>(keys.serverVariants(guildId));
      const doc = read?.value ?? emptyDoc();
      const sameName = doc.variants.find((variant) => variant.name.toLowerCase() === name.toLowerCase());
      if (sameName) return failure('variant-exists', { name: sameName.name });
      if (doc.variants.length >= MAX_SERVER_VARIANTS)
        return failure('variant-limit', { max: MAX_SERVER_VARIANTS });
      const entry: ServerVariantEntry = {
        id: idForName(name, new Set(doc.variants.map((variant) => variant.id))) ?? id,
        name,
        rules,
        addedBy: { id: input.by.id, name: input.by.name },
        addedAt: this.now(),
      };
      const next: ServerVariantsDoc = { ...doc, variants: [...doc.variants, entry] };
      const committed = await this.store.commit([
        { key: keys.serverVariants(guildId), value: next, expectRevision: read?.revision ?? 0 },
      ]);
      return committed.ok ? success(entry) : failure('variants-changed');
    });
  }

  /**
   * Removes a server variant: games and challenges in it play on by the rules they carry, its
   * standings stay, and if it was the server's default the bot's default applies again.
   */
  remove(guildId: string, id: string): Promise<Outcome<ServerVariantEntry>> {
    return guarded(async () => {
      const read = await this.store.read<ServerVariantsDoc>(keys.serverVariants(guildId));
      const entry = read?.value.variants.find((variant) => variant.id === id);
      if (!read || !entry) return failure('no-server-variant', { variant: id });
      const next: ServerVariantsDoc = {
        ...read.value,
        variants: read.value.variants.filter((variant) => variant.id !== id),
        defaultVariant: read.value.defaultVariant === id ? null : read.value.defaultVariant,
      };
      const committed = await this.store.commit([
        { key: keys.serverVariants(guildId), value: next, expectRevision: read.revision },
      ]);
      return committed.ok ? success(entry) : failure('variants-changed');
    });
  }

  /** Sets the variant `/challenge` plays when none is given; null goes back to the bot's default. */
  setDefault(guildId: string, key: string | null): Promise<Outcome<Variant>> {
    return guarded(async () => {
      const read = await this.store.read<ServerVariantsDoc>(keys.serverVariants(guildId));
      const doc = read?.value ?? emptyDoc();
      let variant: Variant;
      if (key === null) variant = getVariant(BOT_DEFAULT_VARIANT);
      else {
        const entry = doc.variants.find((candidate) => candidate.id === key);
        const found = isVariantId(key)
          ? getVariant(key)
          : entry
            ? serverVariant(entry.id, entry.rules)
            : null;
        if (!found) return failure('no-server-variant', { variant: key });
        // A variant added by an older version may start decided: /challenge would refuse it.
        const decided = decidedStart({ variant: found });
        if (decided) return failure('start-decided', { reason: decided.reason, side: decided.sideToMove });
        variant = found;
      }
      const next: ServerVariantsDoc = { ...doc, defaultVariant: key === null ? null : variant.id };
      const committed = await this.store.commit([
        { key: keys.serverVariants(guildId), value: next, expectRevision: read?.revision ?? 0 },
      ]);
      return committed.ok ? success(variant) : failure('variants-changed');
    });
  }
}
