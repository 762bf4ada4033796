import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCommands } from '../../src/bot/discord/load-commands.ts';
import { commandBodies, sameCommands } from '../../src/bot/discord/register.ts';
import { asText, onlyMention, safeName } from '../../src/bot/views/present.ts';

describe('command modules', () => {
  it('one file per slash command, each with valid data', async () => {
    const commands = await loadCommands();
    expect([...commands.keys()].sort()).toEqual([
      'abort',
      'analyze',
      'board',
      'challenge',
      'draw',
      'export',
      'games',
      'help',
      'history',
      'moretime',
      'move',
      'openings',
      'puzzle',
      'replay',
      'resign',
      'rules',
      'settings',
      'standings',
      'tournament',
      'undo',
      'vacation',
      'variant',
    ]);
    for (const body of commandBodies(commands)) {
      expect(body.name).toMatch(/^[a-z]{1,32}$/);
      expect(body.description?.length).toBeGreaterThan(0);
      expect(body.description?.length).toBeLessThanOrEqual(100);
      // Both installs, every context: a server's own commands refuse outside one (router.ts).
      expect(body.contexts).toEqual([0, 1, 2]);
      expect(body.integration_types).toEqual([0, 1]);
    }
    const move = commandBodies(commands).find((body) => body.name === 'move');
    expect(move?.options?.[0]).toMatchObject({ name: 'move', required: true, autocomplete: true });
  });
});

describe('German localizations', () => {
  it('every command, option and choice has a German name (and description), within Discord’s limits', async () => {
    for (const body of commandBodies(await loadCommands())) {
      const check = (
        item: {
          name: string;
          name_localizations?: Partial<Record<string, string | null>> | null;
          description_localizations?: Partial<Record<string, string | null>> | null;
          description?: string;
        },
        where: string,
      ) => {
        const name = item.name_localizations?.de;
        expect(name, `${where}: German name`).toBeTruthy();
        expect(name).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
        if (item.description !== undefined) {
          const description = item.description_localizations?.de ?? '';
          expect(description.length, `${where}: German description`).toBeGreaterThan(0);
          expect(description.length).toBeLessThanOrEqual(100);
        }
      };
      check(body, body.name);
      // Subcommands' options too: `variant.add.rules`.
      const checkOptions = (options: NonNullable<typeof body.options>, where: string) => {
        for (const option of options) {
          check(option, `${where}.${option.name}`);
          if ('options' in option && option.options)
            checkOptions(option.options as NonNullable<typeof body.options>, `${where}.${option.name}`);
          for (const choice of ('choices' in option && option.choices) || []) {
            const german = choice.name_localizations?.de ?? '';
            expect(german.length, `${where}.${option.name}=${choice.value}`).toBeGreaterThan(0);
            expect(german.length).toBeLessThanOrEqual(100);
          }
        }
      };
      checkOptions(body.options ?? [], body.name);
    }
  });
});

describe('registering commands only when they changed', () => {
  it('treats the copy Discord echoes back (ids, versions, defaults) as the same', async () => {
    const bodies = commandBodies(await loadCommands());
    const echoed = bodies.map((body, index) => ({
      ...JSON.parse(JSON.stringify(body)),
      id: String(1000 + index),
      application_id: '1',
      version: '99',
      type: 1,
      nsfw: false,
      default_member_permissions: body.default_member_permissions ?? null,
      options: (body.options ?? []).map((option) => ({ required: false, ...option })),
    }));
    expect(sameCommands(echoed.reverse(), bodies)).toBe(true);
    // Commands Discord holds for guild installs only are registered again.
    expect(
      sameCommands(
        echoed.map((body) => ({ ...body, integration_types: [0] })),
        bodies,
      ),
    ).toBe(false);
  });

  it('notices a changed description, a new option or a missing command', async () => {
    const bodies = commandBodies(await loadCommands());
    const copy = () => JSON.parse(JSON.stringify(bodies));
    const changed = copy();
    changed[0].description = 'something else';
    expect(sameCommands(changed, bodies)).toBe(false);
    const fewer = copy().slice(1);
    expect(sameCommands(fewer, bodies)).toBe(false);
    const german = copy();
    german[0].name_localizations = { de: 'anders' };
    expect(sameCommands(german, bodies)).toBe(false);
    const option = copy();
    option[0].options = [...(option[0].options ?? []), { type: 3, name: 'extra', description: 'x' }];
    expect(sameCommands(option, bodies)).toBe(false);
  });
});

describe('names and mentions in messages', () => {
  it('a name cannot format, mention or overflow', () => {
    expect(safeName('@everyone')).not.toMatch(/@everyone/);
    expect(safeName('**bold** _it_')).toBe('\\*\\*bold\\*\\* \\_it\\_');
    expect([...safeName('x'.repeat(300))].length).toBeLessThanOrEqual(40);
    expect(safeName('\u202e\u0000')).toBe('someone');
  });

  it('member text, however built of markup, comes out with no link, mention or live bracket', () => {
    const markup = fc.constantFrom(
      '[',
      ']',
      '(',
      ')',
      'https://',
      'x.co',
      '@everyone',
      '@here',
      '<@&1>',
      '<@2>',
      '<#3>',
      '</a:4>',
      '*',
      '_',
      '~',
      '|',
      '`',
      '\\',
      '# ',
      '- ',
      '1. ',
      '> ',
      'name',
      ' ',
      '\n',
      '\u200b',
    );
    fc.assert(
      fc.property(
        fc.array(markup, { maxLength: 30 }).map((parts) => parts.join('')),
        (text) => {
          const shown = asText(text);
          expect(shown).not.toMatch(/:\/\//);
          expect(shown).not.toMatch(/@(everyone|here)/);
          expect(shown).not.toMatch(/<(?!\u200b)/);
          // Every bracket is escaped: preceded by an odd number of backslashes.
          for (const match of shown.matchAll(/(\\*)[[\]]/g)) expect(match[1].length % 2).toBe(1);
        },
      ),
      { numRuns: 500 },
    );
    expect(asText('[free nitro](https://x.co/a)')).toBe('\\[free nitro\\](https:\u200b//x.co/a)');
  });

  it('allowed mentions never include everyone or roles', () => {
    expect(onlyMention('42')).toEqual({ parse: [], users: ['42'], repliedUser: false });
  });
});
