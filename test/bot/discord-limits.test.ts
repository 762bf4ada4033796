/**
 * The one check of Discord's limits on everything the bot sends, against the emulator's own
 * (independent) idea of what Discord refuses: whatever goes in, what comes out is taken.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUT_MARK, fitRequest, guardRequests } from '../../src/bot/discord/discord-limits.ts';
import { createLogger } from '../../src/log.ts';
import { choicesRefusal, messageRefusal } from '../discord-emulator/limits.ts';
import { CUT_LOG, fileWorld } from './harness.ts';

const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.nat({ max: maxLength }).map((n) => '😀'.repeat(n)),
  );
const field = fc.record({ name: text(400), value: text(2000), inline: fc.boolean() });
const embed = fc.record(
  {
    title: text(400),
    description: text(6000),
    footer: fc.record({ text: text(3000) }),
    author: fc.record({ name: text(400) }),
    fields: fc.array(field, { maxLength: 40 }),
  },
  { requiredKeys: [] },
);
const button = fc.record({
  type: fc.constant(2),
  style: fc.constant(1),
  label: text(200),
});
const message = fc.record(
  {
    content: text(5000),
    embeds: fc.array(embed, { maxLength: 12 }),
    // Rows of one to five buttons, each with its own custom id, as Discord requires.
    components: fc.array(fc.array(button, { minLength: 1, maxLength: 5 }), { maxLength: 5 }).map((rows) =>
      rows.map((buttons, row) => ({
        type: 1,
        components: buttons.map((one, i) => ({ ...one, custom_id: `x:${row}:${i}` })),
      })),
    ),
    allowed_mentions: fc.constant({ parse: [] }),
  },
  { requiredKeys: [] },
);

describe('fitting what the bot sends to Discord’s limits', () => {
  it('any message, posted, edited, answered or followed up, comes out as Discord takes it', () => {
    fc.assert(
      fc.property(message, (body) => {
        for (const [method, path, wrap] of [
          ['POST', '/channels/1/messages', (b: object) => b],
          ['PATCH', '/channels/1/messages/2', (b: object) => b],
          ['POST', '/webhooks/1/tok/', (b: object) => b],
          ['PATCH', '/webhooks/1/tok/messages/@original', (b: object) => b],
          ['POST', '/interactions/1/tok/callback', (b: object) => ({ type: 4, data: b })],
          ['POST', '/interactions/1/tok/callback', (b: object) => ({ type: 7, data: b })],
        ] as const) {
          const path_ = path.replace(/\/$/, '');
          const { body: fitted, cuts } = fitRequest(method, path_, wrap(body));
          const sent = 'data' in fitted ? fitted.data : fitted;
          expect(messageRefusal(sent), `${method} ${path_}`).toBeNull();
          // Counted in UTF-16 units, an emoji counts twice: the check errs on the short side there.
          const astral = /[\uD800-\uDFFF]/.test(JSON.stringify(body));
          if (messageRefusal(body) === null && !astral) expect(cuts).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a message within the limits goes out as it is; one cut shows the mark', () => {
    const body = { content: 'a'.repeat(2000), embeds: [{ description: 'b'.repeat(4096) }] };
    expect(fitRequest('POST', '/channels/1/messages', body)).toMatchObject({ body, cuts: [] });
    const long = fitRequest('POST', '/channels/1/messages', { content: 'a'.repeat(2001) });
    expect(long.body.content).toHaveLength(2000);
    expect(long.body.content.endsWith(CUT_MARK)).toBe(true);
    expect(long.cuts).toEqual(['content 2001>2000']);
  });

  it('any autocomplete answer comes out with at most 25 choices of names Discord takes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: text(300), value: fc.string({ maxLength: 100 }) }), { maxLength: 60 }),
        (choices) => {
          const { body } = fitRequest('POST', '/interactions/1/tok/callback', { type: 8, data: { choices } });
          expect(choicesRefusal(body.data.choices)).toBeNull();
        },
      ),
    );
  });

  it('other requests pass untouched', () => {
    const body = { name: 'x'.repeat(3000) };
    expect(fitRequest('POST', '/channels/1/threads', body)).toMatchObject({ body, kind: null, cuts: [] });
  });

  it('the client’s requests are fitted, as JSON and as multipart, and each cut is logged', async () => {
    const logs: string[] = [];
    const logger = createLogger({ level: 'debug', write: (line) => logs.push(line) });
    const seen: unknown[] = [];
    const guarded = guardRequests(logger, async (_url, init) => {
      seen.push(init.body instanceof FormData ? init.body.get('payload_json') : init.body);
      return new Response(null, { status: 204 });
    });
    await guarded('https://discord.com/api/v10/channels/1/messages', {
      method: 'POST',
      body: JSON.stringify({ content: 'x'.repeat(2500) }),
    });
    const form = new FormData();
    form.set('payload_json', JSON.stringify({ type: 4, data: { content: 'y'.repeat(2500) } }));
    await guarded('https://discord.com/api/v10/interactions/1/secret-token/callback?with_response=false', {
      method: 'POST',
      body: form,
    });
    expect(seen.map((body) => JSON.parse(String(body)))).toMatchObject([
      { content: `${'x'.repeat(2000 - CUT_MARK.length)}${CUT_MARK}` },
      { type: 4, data: { content: `${'y'.repeat(2000 - CUT_MARK.length)}${CUT_MARK}` } },
    ]);
    expect(logs.filter((line) => line.includes(CUT_LOG))).toHaveLength(2);
    expect(logs.join('\n')).not.toContain('secret-token');
  });
});

describe('the bot’s client', () => {
  const world = fileWorld();

  it('cuts a message too long for Discord instead of failing, and logs it', async () => {
    const channel = await world.bots[0].bot.client.channels.fetch(world.emulator.channelId);
    if (!channel?.isSendable()) throw new Error('the emulator’s channel is not sendable');
    const sent = await channel.send({ content: 'z'.repeat(2100), allowedMentions: { parse: [] } });
    expect(sent.content).toHaveLength(2000);
    expect(sent.content.endsWith(CUT_MARK)).toBe(true);
    const logs = world.bots[0].logs;
    expect(logs.filter((line) => line.includes(CUT_LOG))).toHaveLength(1);
    // Cut on purpose here: the harness fails any other file whose bot had to cut a message.
    logs.splice(0, logs.length, ...logs.filter((line) => !line.includes(CUT_LOG)));
  });
});
