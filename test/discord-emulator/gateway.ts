/** The gateway: HELLO, IDENTIFY or RESUME, READY, GUILD_CREATE, heartbeats, and dispatches to every session. */
import type { Server } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { secret } from './snowflake.ts';
import type { DiscordState } from './state.ts';

interface Session {
  socket: WebSocket;
  id: string;
  sequence: number;
  ready: boolean;
}

export class Gateway {
  private readonly server: WebSocketServer;
  private readonly sessions = new Set<Session>();
  private readonly known = new Map<string, Session>();
  identifies = 0;
  resumes = 0;

  constructor(
    http: Server,
    private readonly state: DiscordState,
    private readonly token: string,
    private readonly resumeUrl: () => string,
  ) {
    this.server = new WebSocketServer({ server: http, path: '/gateway' });
    this.server.on('connection', (socket) => this.accept(socket));
  }

  private accept(socket: WebSocket) {
    const session: Session = { socket, id: '', sequence: 0, ready: false };
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 41250 }, s: null, t: null }));
    socket.on('message', (raw) => {
      let payload: { op: number; d: any };
      try {
        payload = JSON.parse(String(raw));
      } catch {
        socket.close(4002, 'Decode error');
        return;
      }
      this.receive(session, payload);
    });
    socket.on('close', () => this.sessions.delete(session));
  }

  private receive(session: Session, { op, d }: { op: number; d: any }) {
    switch (op) {
      case 1:
        session.socket.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
        return;
      case 2: {
        if (d?.token !== this.token) {
          session.socket.close(4004, 'Authentication failed.');
          return;
        }
        this.identifies++;
        session.id = secret(16);
        this.known.set(session.id, session);
        this.sessions.add(session);
        this.send(session, 'READY', {
          v: 10,
          user: { ...this.state.userJson(this.state.botUser), verified: true, mfa_enabled: false, flags: 0 },
          guilds: [...this.state.guilds.keys()].map((id) => ({ id, unavailable: true })),
          session_id: session.id,
          resume_gateway_url: this.resumeUrl(),
          shard: d.shard ?? [0, 1],
          application: { id: this.state.applicationId, flags: 0 },
          private_channels: [],
          relationships: [],
          presences: [],
          guild_join_requests: [],
          user_settings: {},
          geo_ordered_rtc_regions: [],
        });
        session.ready = true;
        for (const guildId of this.state.guilds.keys())
          this.send(session, 'GUILD_CREATE', this.state.guildJson(guildId));
        return;
      }
      case 6: {
        const previous = this.known.get(d?.session_id);
        if (d?.token !== this.token || !previous) {
          session.socket.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
          return;
        }
        this.resumes++;
        session.id = previous.id;
        session.sequence = previous.sequence;
        session.ready = true;
        this.known.set(session.id, session);
        this.sessions.add(session);
        this.send(session, 'RESUMED', {});
        return;
      }
      default:
        return;
    }
  }

  private send(session: Session, event: string, data: unknown) {
    session.sequence++;
    session.socket.send(JSON.stringify({ op: 0, t: event, s: session.sequence, d: data }));
  }

  /** Sends an event to every ready session (every bot process connected). */
  dispatch(event: string, data: unknown): number {
    let sent = 0;
    for (const session of this.sessions) {
      if (!session.ready) continue;
      this.send(session, event, data);
      sent++;
    }
    return sent;
  }

  /** Sends an event to one session only (as Discord does: an interaction goes to one shard). */
  dispatchToOne(event: string, data: unknown, index = 0): boolean {
    const ready = [...this.sessions].filter((session) => session.ready);
    const session = ready[index % Math.max(1, ready.length)];
    if (!session) return false;
    this.send(session, event, data);
    return true;
  }

  readySessions(): number {
    return [...this.sessions].filter((session) => session.ready).length;
  }

  dropConnections(): void {
    for (const session of this.sessions) session.socket.terminate();
    this.sessions.clear();
  }

  close(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
