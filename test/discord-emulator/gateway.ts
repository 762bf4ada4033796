/**
 * The gateway: HELLO, IDENTIFY or RESUME, READY and GUILD_CREATE, heartbeats, and dispatches to every
 * session. JSON encoding; payloads go out as text frames, or with `compress=zlib-stream` (what
 * @discordjs/ws asks for when zlib-sync is installed) as one shared zlib stream flushed per payload.
 */
import type { IncomingMessage, Server } from 'node:http';
import { constants, createDeflate, type Deflate } from 'node:zlib';
import { WebSocket, WebSocketServer } from 'ws';
import { secret } from './snowflake.ts';
import type { DiscordState } from './state.ts';

export const GATEWAY_PATH = '/gateway';
/** Events kept per session for replay on RESUME. */
const REPLAY_LIMIT = 1000;

interface Session {
  id: string;
  /** [shard id, shard count] from IDENTIFY; [0, 1] serves every guild. */
  shard: [number, number];
  socket: WebSocket;
  sequence: number;
  ready: boolean;
  /** Dispatches sent (or due while disconnected), for replay on RESUME. */
  log: { s: number; text: string }[];
}

interface Connection {
  socket: WebSocket;
  deflate?: Deflate;
  /** Serialises zlib flushes so frames leave in order. */
  queue: Promise<void>;
  session?: Session;
  query: URLSearchParams;
}

export interface GatewayOptions {
  token: () => string;
  resumeUrl: () => string;
  heartbeatIntervalMs?: number;
}

export class Gateway {
  private readonly server: WebSocketServer;
  private readonly connections = new Set<Connection>();
  private readonly sessions = new Map<string, Session>();
  identifies = 0;
  resumes = 0;
  /** The intents of every accepted IDENTIFY. */
  readonly intents: number[] = [];
  /** The shard of every accepted IDENTIFY. */
  readonly shards: [number, number][] = [];
  /** Query strings clients connected with (v, encoding, compress). */
  readonly connectQueries: Record<string, string>[] = [];

  constructor(
    http: Server,
    private readonly state: DiscordState,
    private readonly options: GatewayOptions,
  ) {
    this.server = new WebSocketServer({ server: http, path: GATEWAY_PATH });
    this.server.on('connection', (socket, request) => this.accept(socket, request));
  }

  private accept(socket: WebSocket, request: IncomingMessage) {
    const query = new URL(request.url ?? '/', 'ws://emulator').searchParams;
    this.connectQueries.push(Object.fromEntries(query));
    if ((query.get('encoding') ?? 'json') !== 'json') {
      socket.close(4002, 'The emulator only speaks encoding=json');
      return;
    }
    const compress = query.get('compress');
    if (compress && compress !== 'zlib-stream') {
      socket.close(4002, `Unknown compression ${compress}`);
      return;
    }
    const connection: Connection = {
      socket,
      query,
      queue: Promise.resolve(),
      deflate: compress ? createDeflate() : undefined,
    };
    this.connections.add(connection);
    this.write(connection, {
      op: 10,
      d: { heartbeat_interval: this.options.heartbeatIntervalMs ?? 41_250 },
      s: null,
      t: null,
    });
    socket.on('message', (raw, isBinary) => {
      let payload: { op: number; d: any };
      try {
        if (isBinary) throw new Error('binary frames are not JSON');
        payload = JSON.parse(String(raw));
      } catch {
        socket.close(4002, 'Decode error');
        return;
      }
      this.receive(connection, payload);
    });
    socket.on('close', (code) => {
      this.connections.delete(connection);
      connection.deflate?.close();
      const session = connection.session;
      if (session?.socket !== socket) return;
      session.ready = false;
      // A clean close (1000, 1001) ends the session, as on Discord; other closes leave it resumable.
      if (code === 1000 || code === 1001) this.sessions.delete(session.id);
    });
  }

  private receive(connection: Connection, { op, d }: { op: number; d: any }) {
    switch (op) {
      case 1:
        this.write(connection, { op: 11, d: null, s: null, t: null });
        return;
      case 2:
        return this.identify(connection, d);
      case 6:
        return this.resume(connection, d);
      case 3:
      case 4:
      case 8:
        // Presence, voice state and member requests: accepted, nothing to do.
        if (!connection.session) connection.socket.close(4003, 'Not authenticated.');
        return;
      default:
        connection.socket.close(4001, 'Unknown opcode.');
    }
  }

  private identify(connection: Connection, d: any) {
    if (connection.session) {
      connection.socket.close(4005, 'Already authenticated.');
      return;
    }
    if (d?.token !== this.options.token()) {
      connection.socket.close(4004, 'Authentication failed.');
      return;
    }
    if (typeof d?.properties !== 'object' || d.properties === null) {
      connection.socket.close(4002, 'IDENTIFY without properties');
      return;
    }
    if (!Number.isInteger(d?.intents)) {
      connection.socket.close(4013, 'Invalid intent(s).');
      return;
    }
    const shard: [number, number] = d.shard ?? [0, 1];
    if (
      !Array.isArray(shard) ||
      !Number.isInteger(shard[0]) ||
      !Number.isInteger(shard[1]) ||
      shard[0] < 0 ||
      shard[0] >= shard[1]
    ) {
      connection.socket.close(4010, 'Invalid shard.');
      return;
    }
    this.identifies++;
    this.intents.push(d.intents);
    this.shards.push(shard);
    const session: Session = {
      id: secret(32),
      shard,
      socket: connection.socket,
      sequence: 0,
      ready: true,
      log: [],
    };
    const guilds = [...this.state.guilds.keys()].filter((id) => servesGuild(session, id));
    connection.session = session;
    this.sessions.set(session.id, session);
    this.send(session, 'READY', {
      v: 10,
      user: { ...this.state.userJson(this.state.botUser), verified: true, mfa_enabled: false, flags: 0 },
      guilds: guilds.map((id) => ({ id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.options.resumeUrl(),
      shard,
      application: { id: this.state.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      user_settings: {},
      geo_ordered_rtc_regions: [],
      auth_session_id_hash: secret(16),
    });
    for (const guildId of guilds) this.send(session, 'GUILD_CREATE', this.state.guildJson(guildId));
  }

  private resume(connection: Connection, d: any) {
    const session = this.sessions.get(d?.session_id);
    if (d?.token !== this.options.token() || !session) {
      // Not resumable: the client must identify afresh.
      this.write(connection, { op: 9, d: false, s: null, t: null });
      return;
    }
    // A session resumed from a new connection leaves its old one.
    if (session.socket !== connection.socket) session.socket.terminate();
    session.ready = false;
    this.resumes++;
    session.socket = connection.socket;
    connection.session = session;
    const from = Number(d.seq ?? 0);
    if (session.log.length > 0 && session.log[0].s > from + 1) {
      this.write(connection, { op: 9, d: false, s: null, t: null });
      return;
    }
    for (const entry of session.log) if (entry.s > from) this.writeText(connection, entry.text);
    session.ready = true;
    this.send(session, 'RESUMED', {});
  }

  private send(session: Session, event: string, data: unknown) {
    session.sequence++;
    const text = JSON.stringify({ op: 0, t: event, s: session.sequence, d: data });
    session.log.push({ s: session.sequence, text });
    if (session.log.length > REPLAY_LIMIT) session.log.shift();
    if (!session.ready) return;
    const connection = [...this.connections].find((candidate) => candidate.socket === session.socket);
    if (connection) this.writeText(connection, text);
  }

  private write(connection: Connection, payload: unknown) {
    this.writeText(connection, JSON.stringify(payload));
  }

  private writeText(connection: Connection, text: string) {
    const { socket, deflate } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (!deflate) {
      socket.send(text);
      return;
    }
    connection.queue = connection.queue.then(
      () =>
        new Promise<void>((resolve) => {
          const chunks: Buffer[] = [];
          const collect = (chunk: Buffer) => chunks.push(chunk);
          deflate.on('data', collect);
          deflate.write(text);
          deflate.flush(constants.Z_SYNC_FLUSH, () => {
            deflate.off('data', collect);
            if (socket.readyState === WebSocket.OPEN) socket.send(Buffer.concat(chunks), { binary: true });
            resolve();
          });
        }),
    );
  }

  /**
   * Sends an event to every session: connected ones now, recently dropped ones on RESUME.
   * Returns how many connected sessions received it.
   */
  dispatch(event: string, data: unknown): number {
    let sent = 0;
    const guildId = guildOf(event, data);
    for (const session of this.sessions.values()) {
      if (guildId && !servesGuild(session, guildId)) continue;
      this.send(session, event, data);
      if (session.ready) sent++;
    }
    return sent;
  }

  /**
   * Sends an event to one connected session only: an interaction goes to the shard of its guild (one
   * outside any guild, to shard 0, as Discord sends DMs), and among several sessions on that shard
   * (unsharded processes) to each in turn.
   */
  dispatchToOne(event: string, data: unknown, index = 0): boolean {
    const guildId = guildOf(event, data);
    const ready = [...this.sessions.values()].filter(
      (session) => session.ready && (guildId ? servesGuild(session, guildId) : session.shard[0] === 0),
    );
    const session = ready[index % Math.max(1, ready.length)];
    if (!session) return false;
    this.send(session, event, data);
    return true;
  }

  readySessions(): number {
    return [...this.sessions.values()].filter((session) => session.ready).length;
  }

  /** The shards ([id, count]) of the ready sessions that a guild's events go to. */
  shardsServing(guildId: string): [number, number][] {
    return [...this.sessions.values()]
      .filter((session) => session.ready && servesGuild(session, guildId))
      .map((session) => session.shard);
  }

  /** Asks every connected client for a heartbeat now (op 1). */
  requestHeartbeats(): void {
    for (const connection of this.connections) this.write(connection, { op: 1, d: null, s: null, t: null });
  }

  /** Cuts every connection without a close frame; sessions stay resumable. */
  dropConnections(): void {
    for (const connection of this.connections) {
      if (connection.session) connection.session.ready = false;
      connection.socket.terminate();
    }
    this.connections.clear();
  }

  close(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    for (const connection of this.connections) connection.deflate?.close();
    this.sessions.clear();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Discord's rule: a guild belongs to shard (guild_id >> 22) % shard_count. */
export function shardOfGuild(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

function servesGuild(session: Session, guildId: string): boolean {
  const [id, count] = session.shard;
  return shardOfGuild(guildId, count) === id;
}

/** The guild an event is about: its guild_id, or the guild itself for GUILD_CREATE. */
function guildOf(event: string, data: unknown): string | undefined {
  const record = data as { guild_id?: string; id?: string } | null;
  if (event === 'GUILD_CREATE' || event === 'GUILD_UPDATE') return record?.id;
  return record?.guild_id ?? undefined;
}
