/**
 * The web board shows a channel's games only to members who can see the channel on Discord: in a
 * private channel (its overwrites hide it from @everyone), a member of the server who cannot see it
 * is refused its page, its state, its positions, its live socket and its finished games' study, and
 * may watch once a role or an overwrite lets them see it (when the bot's kept answer runs out).
 * Against the bot, the Discord emulator and Redis, with the session cookie of a real link.
 */
import { Client } from 'discord.js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { channelAccess } from '../../src/bot/discord/channel-access.ts';
import { Game } from '../../src/engine/index.ts';
import { createLogger } from '../../src/log.ts';
import { buttonIds, fileWorld, gameChannel } from '../bot/harness.ts';
import {
  type EmulatedUser,
  EVERYONE_PERMISSIONS,
  type Overwrite,
  VIEW_CHANNEL,
} from '../discord-emulator/index.ts';

const SECRET = 'channel-access-test-secret-0123456789abcd';
const TTL_MS = 30_000;
/** The clock the bot's kept answers age by: moved on by hand, never waited for (lru-cache takes 0 for "no time"). */
let accessClock = 1_000_000;
const world = fileWorld(1, {
  web: { port: 0, secret: SECRET },
  channelAccess: { ttlMs: TTL_MS, now: () => accessClock },
});
// Ann comes first: the emulated guild's owner, who sees every channel anyway.
const ann = world.user('Ann');
const bob = world.user('Bob');
const carol = world.user('Carol');
const dave = world.user('Dave');

const sockets: WebSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.terminate();
});

const view = (id: string, type: 0 | 1): Overwrite => ({ id, type, allow: String(VIEW_CHANNEL), deny: '0' });
const hideFromEveryone = (guildId: string): Overwrite => ({
  id: guildId,
  type: 0,
  allow: '0',
  deny: String(VIEW_CHANNEL),
});

/** The session cookie the personal link of the Web board button under /board opens for `user`. */
async function session(user: EmulatedUser, channelId: string): Promise<{ cookie: string; origin: string }> {
  const board = await world.emulator.slash(user, 'board', {}, { channelId }).reply();
  expect(buttonIds(board)).toContain('board:web');
  const answer = await world.emulator.clickButton(user, board, 'board:web').reply();
  const link = /(http:\/\/\S+\/open\?token=\S+)/.exec(answer.content)?.[1];
  if (!link) throw new Error(`no link in "${answer.content}"`);
  const opened = await fetch(link, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  const cookie = opened.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return { cookie, origin: new URL(link).origin };
}

type Session = Awaited<ReturnType<typeof session>>;

function get(from: Session, path: string): Promise<Response> {
  return fetch(`${from.origin}${path}`, { headers: { cookie: from.cookie } });
}

function post(from: Session, path: string, body: unknown): Promise<Response> {
  return fetch(`${from.origin}${path}`, {
    method: 'POST',
    headers: { cookie: from.cookie, origin: from.origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The live socket of a table: the board's state it sends first, or the HTTP status that refused it. */
function live(
  from: Session,
  guildId: string,
  channelId: string,
): Promise<{ status: number; first?: { you: string | null; finished: boolean } }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${from.origin.replace('http', 'ws')}/live/${guildId}/${channelId}`, {
      headers: { cookie: from.cookie, origin: from.origin },
    });
    sockets.push(socket);
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (!message.state) return;
      resolve({ status: 101, first: message.state });
      socket.close();
    });
    socket.once('error', reject);
  });
}

/** What a member gets of a channel's board: page, state, a position, the live socket, a finished game's study. */
async function boardFor(from: Session, guildId: string, channelId: string, finishedId: string) {
  const state = await get(from, `/api/game/${guildId}/${channelId}`);
  const gameId = state.ok ? ((await state.json()) as { state: { gameId: string } }).state.gameId : 'unknown';
  return {
    page: (await get(from, `/game/${guildId}/${channelId}`)).status,
    state: state.status,
    position: (await post(from, `/api/game/${guildId}/${channelId}/position`, { gameId, ply: 0, line: [] }))
      .status,
    live: (await live(from, guildId, channelId)).status,
    study: (await get(from, `/api/study/${guildId}/${finishedId}`)).status,
  };
}

const OPEN = { page: 200, state: 200, position: 200, live: 101, study: 200 };
const REFUSED = { page: 404, state: 404, position: 400, live: 404, study: 404 };

describe('who may open a channel on the web board', () => {
  it("refuses a private channel's board to a member who cannot see it, until a role or an overwrite lets them", async () => {
    const { emulator } = world;
    const guildId = emulator.guildId;
    const lounge = emulator.createRole('Lounge', '0');
    // A private channel: hidden from @everyone, seen by Ann, Bob, the bot, and the Lounge role.
    const privateId = emulator.createChannel('private-games', guildId, {
      overwrites: [
        hideFromEveryone(guildId),
        view(ann.id, 1),
        view(bob.id, 1),
        view(emulator.botUser.id, 1),
        view(lounge, 0),
      ],
    });
    expect([ann, bob, carol, dave].map((user) => emulator.canSee(user, privateId))).toEqual([
      true,
      true,
      false,
      false,
    ]);

    // A finished game of the channel (Ann resigned), then a game being played there.
    await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob }, privateId);
    await emulator.slash(ann, 'resign', {}, { channelId: privateId }).reply();
    const finished = await world.bots[0].service.records.gameForRecord({ guildId, channelId: privateId });
    expect(finished?.finished).toBe(true);
    const finishedId = finished!.id;
    await gameChannel(world, new Game('brandubh'), { attackers: bob, defenders: ann }, privateId);

    // Carol and Dave play in a public channel: their links there open sessions on the same server.
    const publicId = await gameChannel(world, new Game('brandubh'), { attackers: carol, defenders: dave });
    const annSession = await session(ann, privateId);
    const carolSession = await session(carol, publicId);
    const daveSession = await session(dave, publicId);

    expect(await boardFor(annSession, guildId, privateId, finishedId)).toEqual(OPEN);
    expect(await boardFor(carolSession, guildId, privateId, finishedId)).toEqual(REFUSED);
    expect(await boardFor(daveSession, guildId, privateId, finishedId)).toEqual(REFUSED);
    // Their own channel stays theirs.
    expect((await get(carolSession, `/api/game/${guildId}/${publicId}`)).status).toBe(200);

    // Carol is given the Lounge role (Discord tells the bot nothing); Dave an overwrite (CHANNEL_UPDATE).
    emulator.giveRole(carol, lounge);
    const overwrites = emulator.state.channels.get(privateId)?.overwrites ?? [];
    emulator.setOverwrites(privateId, [...overwrites, view(dave.id, 1)]);
    await emulator.waitFor(() => {
      const seen = world.bots[0].bot.client.channels.cache.get(privateId);
      return seen && 'permissionOverwrites' in seen && seen.permissionOverwrites.cache.has(dave.id);
    });
    expect([carol, dave].map((user) => emulator.canSee(user, privateId))).toEqual([true, true]);
    // The bot's answers are kept until they run out: still refused.
    expect((await get(carolSession, `/api/game/${guildId}/${privateId}`)).status).toBe(404);
    expect((await get(daveSession, `/api/game/${guildId}/${privateId}`)).status).toBe(404);

    accessClock += TTL_MS + 1;
    expect(await boardFor(carolSession, guildId, privateId, finishedId)).toEqual(OPEN);
    expect(await boardFor(daveSession, guildId, privateId, finishedId)).toEqual(OPEN);
    const watched = await live(carolSession, guildId, privateId);
    expect(watched.first).toMatchObject({ you: null, finished: false });

    // Dave leaves the server: once the kept answer runs out, he sees nothing of it.
    emulator.removeMember(dave);
    accessClock += TTL_MS + 1;
    expect(await world.bots[0].bot.canView({ guildId, channelId: privateId }, dave.id)).toBe(false);
    expect(world.bots[0].logs.filter((line) => line.includes('cannot tell who may see'))).toEqual([]);
  });

  it('answers for a thread as for its channel, from the cache or over REST, says no when Discord fails, and refuses the bot a hidden channel', async () => {
    const { emulator } = world;
    const { guildId, token, apiUrl } = emulator;
    const canView = (channelId: string, user: EmulatedUser) =>
      world.bots[0].bot.canView({ guildId, channelId }, user.id);
    const bot = { authorization: `Bot ${token}`, 'content-type': 'application/json' };

    const hiddenFromCarol = emulator.createChannel('no-carol', guildId, { hiddenFrom: [carol.id] });
    await emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(hiddenFromCarol));
    const thread = await fetch(`${apiUrl}/channels/${hiddenFromCarol}/threads`, {
      method: 'POST',
      headers: bot,
      body: JSON.stringify({ name: 'analysis', type: 11 }),
    });
    const threadId = ((await thread.json()) as { id: string }).id;
    expect(await canView(hiddenFromCarol, bob)).toBe(true);
    expect(await canView(threadId, bob)).toBe(true);
    expect(await canView(hiddenFromCarol, carol)).toBe(false);
    expect(await canView(threadId, carol)).toBe(false);

    // A process that serves not this guild (another shard's) reads it all over REST, keeping none of it.
    const restOnly = new Client({ intents: [], rest: { api: apiUrl } });
    restOnly.rest.setToken(token);
    const warnings: string[] = [];
    const fromRest = channelAccess(
      restOnly,
      createLogger({ secrets: [token], write: (line) => warnings.push(line) }),
    );
    expect(await fromRest({ guildId, channelId: threadId }, bob.id)).toBe(true);
    expect(await fromRest({ guildId, channelId: threadId }, carol.id)).toBe(false);
    expect(restOnly.guilds.cache.size + restOnly.channels.cache.size).toBe(0);
    // Discord failing: no, one warning for the outage, and nothing kept: asked again, it answers.
    emulator.injectFault({ method: 'GET', path: /\/members\//, status: 400, times: 2 });
    expect(await fromRest({ guildId, channelId: hiddenFromCarol }, bob.id)).toBe(false);
    expect(await fromRest({ guildId, channelId: hiddenFromCarol }, carol.id)).toBe(false);
    expect(warnings.filter((line) => line.includes('cannot tell who may see'))).toHaveLength(1);
    expect(warnings.join('\n')).not.toContain(token);
    expect(await fromRest({ guildId, channelId: hiddenFromCarol }, bob.id)).toBe(true);

    // A member given Administrator (a role of their own) sees it whatever its overwrites say.
    const admin = emulator.addUser('Erin', { permissions: String(8) });
    const hidden = emulator.createChannel('staff', guildId, { overwrites: [hideFromEveryone(guildId)] });
    await emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(hidden));
    expect(await canView(hidden, admin)).toBe(true);
    expect(await canView(hidden, bob)).toBe(false);
    expect(BigInt(EVERYONE_PERMISSIONS) & 8n).toBe(0n);

    // The bot (no Administrator) cannot see it either: its messages there are refused.
    const sent = await fetch(`${apiUrl}/channels/${hidden}/messages`, {
      method: 'POST',
      headers: bot,
      body: JSON.stringify({ content: 'hello' }),
    });
    expect(sent.status).toBe(403);
    expect(((await sent.json()) as { code: number }).code).toBe(50001);
  });
});
