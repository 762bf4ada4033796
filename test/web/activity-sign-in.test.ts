/**
 * The Activity's sign-in on the server (src/web/discord-oauth.ts) against the Discord emulator's
 * OAuth2: a code accepted once, the member named as the server knows them; what Discord refuses
 * (a wrong secret, a reused, unknown or expired code, a bad token, a member gone) refused here too.
 * And the emulator takes discord.js's LAUNCH_ACTIVITY answer (interaction response type 12).
 */
import { Client, Events, GatewayIntentBits, type InteractionCallbackResponse } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordOAuth } from '../../src/web/discord-oauth.ts';
import { type DiscordEmulator, type EmulatedUser, startDiscordEmulator } from '../discord-emulator/index.ts';

const SCOPES = ['identify', 'guilds.members.read'];
let emulator: DiscordEmulator;
let ann: EmulatedUser;
let oauth: DiscordOAuth;

beforeAll(async () => {
  emulator = await startDiscordEmulator();
  ann = emulator.addUser('Ann', { locale: 'ja' });
  oauth = new DiscordOAuth({
    clientId: emulator.applicationId,
    clientSecret: emulator.clientSecret,
    apiUrl: emulator.apiUrl,
  });
});
afterAll(() => emulator?.close());

/** POST /oauth2/token as a server would, with `fields` as its form. */
async function token(
  fields: Record<string, string>,
): Promise<{ status: number; body: { access_token?: string; error?: string } }> {
  const response = await fetch(`${emulator.apiUrl}/v10/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as { access_token?: string; error?: string },
  };
}

const grant = (code: string, clientSecret = emulator.clientSecret) => ({
  client_id: emulator.applicationId,
  client_secret: clientSecret,
  grant_type: 'authorization_code',
  code,
});

describe('the Activity sign-in', () => {
  it('exchanges a code once and names the member as the server shows them, in their language', async () => {
    const code = emulator.authorize(ann, SCOPES);
    const signIn = await oauth.signIn(code, emulator.guildId);
    expect(signIn).toEqual({
      ok: true,
      accessToken: expect.any(String),
      member: { memberId: ann.id, name: 'Ann', locale: 'ja' },
    });
    // The same code a second time (a replay of the page's request) opens nothing.
    expect(await oauth.signIn(code, emulator.guildId)).toEqual({ ok: false, reason: 'code-refused' });
    // The secret went to Discord in the form, and is not among the calls the emulator records.
    const exchange = emulator.calls.find((call) => call.path === '/oauth2/token');
    expect(exchange?.body).toEqual({
      client_id: emulator.applicationId,
      grant_type: 'authorization_code',
      code,
    });
    const recorded = JSON.stringify(emulator.calls, (_key, value) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    expect(recorded).not.toContain(emulator.clientSecret);
  });

  it('is refused for a forged code, a wrong secret, or a member not in the server', async () => {
    expect(await oauth.signIn('forged0forged0forged0forged0ab', emulator.guildId)).toEqual({
      ok: false,
      reason: 'code-refused',
    });
    const wrongSecret = new DiscordOAuth({
      clientId: emulator.applicationId,
      clientSecret: 'not-the-secret',
      apiUrl: emulator.apiUrl,
    });
    expect(await wrongSecret.signIn(emulator.authorize(ann, SCOPES), emulator.guildId)).toEqual({
      ok: false,
      reason: 'code-refused',
    });
    const dave = emulator.addUser('Dave');
    emulator.removeMember(dave);
    expect(await oauth.signIn(emulator.authorize(dave, SCOPES), emulator.guildId)).toEqual({
      ok: false,
      reason: 'not-a-member',
    });
    // Without the scope to read the membership, Discord cannot say the member is in the server.
    expect(await oauth.signIn(emulator.authorize(ann, ['identify']), emulator.guildId)).toEqual({
      ok: false,
      reason: 'not-a-member',
    });
  });

  it('says Discord did not answer when it does not', async () => {
    const away = new DiscordOAuth({ clientId: '1', clientSecret: 's', apiUrl: 'http://127.0.0.1:9/api' });
    expect(await away.signIn(emulator.authorize(ann, SCOPES), emulator.guildId)).toEqual({
      ok: false,
      reason: 'discord-unavailable',
    });
  });
});

describe("the emulator's OAuth2", () => {
  it('answers /oauth2/token as Discord does: 401 for a wrong client, 400 for a used, unknown or expired code', async () => {
    const code = emulator.authorize(ann, SCOPES);
    expect(await token(grant(code, 'wrong'))).toEqual({ status: 401, body: { error: 'invalid_client' } });
    const first = await token(grant(code));
    expect(first).toMatchObject({
      status: 200,
      body: { token_type: 'Bearer', expires_in: 604800, scope: 'identify guilds.members.read' },
    });
    for (const refused of [code, 'unknown', emulator.oauth2.issueCode(ann, SCOPES, -1)])
      expect(await token(grant(refused))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(
      await token({ ...grant(emulator.authorize(ann)), grant_type: 'client_credentials' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    // A JSON body is not what the token endpoint takes.
    const json = await fetch(`${emulator.apiUrl}/v10/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(grant(emulator.authorize(ann))),
    });
    expect(json.status).toBe(400);

    // The token names its member at /users/@me; a bad one is 401, and the bot's own token still works.
    const me = (bearer: string) =>
      fetch(`${emulator.apiUrl}/v10/users/@me`, { headers: { Authorization: bearer } });
    const annMe = await me(`Bearer ${first.body.access_token}`);
    expect(annMe.status).toBe(200);
    expect(await annMe.json()).toMatchObject({ id: ann.id, username: 'ann', locale: 'ja' });
    expect((await me('Bearer not-a-token')).status).toBe(401);
    expect(await (await me(`Bot ${emulator.token}`)).json()).toMatchObject({ id: emulator.botUser.id });
  });

  it('keeps the entry point command Activities add: a bulk update without it is refused (50240)', async () => {
    const put = (commands: unknown[]) =>
      fetch(`${emulator.apiUrl}/v10/applications/${emulator.applicationId}/commands`, {
        method: 'PUT',
        headers: { Authorization: `Bot ${emulator.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(commands),
      });
    const board = { name: 'board', description: 'The board', type: 1 };
    emulator.enableActivities();
    const launch = emulator.commands().find((command) => command.type === 4);
    expect(launch).toMatchObject({ name: 'launch', handler: 2 });
    const refused = await put([board]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 50240 });
    expect((await put([board, { name: 'launch', description: '', type: 4, handler: 2 }])).status).toBe(200);
    expect(emulator.commands().map((command) => [command.name, command.id === launch.id])).toEqual([
      ['board', false],
      ['launch', true],
    ]);
  });

  it('takes LAUNCH_ACTIVITY (type 12) as the answer to a command, as discord.js sends it', async () => {
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emulator.apiUrl } });
    const launched = new Promise<InteractionCallbackResponse | undefined>((resolve, reject) => {
      client.on(Events.InteractionCreate, (interaction) => {
        if (interaction.isChatInputCommand())
          interaction.launchActivity({ withResponse: true }).then(resolve, reject);
      });
    });
    const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
    try {
      await client.login(emulator.token);
      await ready;
      const handle = emulator.slash(ann, 'play');
      expect((await handle.firstResponse()).type).toBe(12);
      expect((await launched)?.resource?.activityInstance?.id).toBe(`i-${handle.id}`);
    } finally {
      await client.destroy();
    }
  });
});
