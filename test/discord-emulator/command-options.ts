/**
 * The options and components a user sends, checked as a Discord client checks them: options typed as
 * the command declares them (under a subcommand when named), none over its length limits, and only
 * components the message shows.
 */
import { interactiveComponents } from './components-v2.ts';
import { optionRefusal } from './limits.ts';
import type { RecordedMessage } from './state.ts';

export const OPTION_TYPE = { string: 3, integer: 4, boolean: 5, user: 6, number: 10 } as const;

/**
 * A member can only use a component the message shows: the component of that id and type, in an
 * action row (at the top level or in a container) or as a section's accessory.
 */
export function refuseAbsent(message: RecordedMessage, customId: string, type: number): any {
  const found = interactiveComponents(message.components).find(
    (component: any) => component?.custom_id === customId,
  );
  if (found && found.type !== type)
    throw new Error(`Discord would not send this: ${customId} is not a component of type ${type}`);
  return found;
}

/** The options a command (or one of its subcommands) declares, as registered. */
export function declaredOptions(command: any, subcommand: string | undefined): any[] | undefined {
  if (!subcommand) return command?.options;
  return command?.options?.find((option: any) => option.type === 1 && option.name === subcommand)?.options;
}

/** A Discord client does not send an option over its length limits: neither does a test. */
export function refuseUnsendable(declared: any[] | undefined, name: string, value: string): void {
  const refusal = optionRefusal(
    declared?.find((option: any) => option.name === name),
    name,
    value,
  );
  if (refusal) throw new Error(`Discord would not send this: ${refusal}`);
}

/** A subcommand arrives as the one option of the command, holding the options given. */
export function underSubcommand(subcommand: string | undefined, list: unknown[]): unknown[] {
  return subcommand ? [{ type: 1, name: subcommand, options: list }] : list;
}

/** An option's type: as the command declares it, else as the value looks. */
export function optionType(
  options: any[] | undefined,
  name: string,
  value: string | number | boolean,
): number {
  const declared = options?.find((option: any) => option.name === name)?.type;
  if (declared) return declared;
  if (typeof value === 'boolean') return OPTION_TYPE.boolean;
  if (typeof value === 'number') return Number.isInteger(value) ? OPTION_TYPE.integer : OPTION_TYPE.number;
  return OPTION_TYPE.string;
}
