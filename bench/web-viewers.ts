/**
 * Open web boards for `npm run bench -- web`: live sockets to a table, each holding what it was
 * sent and when it arrived, read only once a move has reached them all (parsing a state as it
 * arrives would slow down the arrivals after it, which this process receives one by one).
 */
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../src/web/sessions.ts';

export interface Viewer {
  socket: WebSocket;
  /** The messages since the inbox was last emptied, with their arrival (process.hrtime). */
  inbox: { at: bigint; data: WebSocket.RawData }[];
}

/**
 * A board open on `table` at a bot process's web board (`base`, its PUBLIC_URL), signed in with the
 * session `token`, from the loopback address `from`; resolves once it was sent the stored state.
 */
export function openViewer(
  base: string,
  table: { guildId: string; channelId: string },
  token: string,
  from: string,
): Promise<Viewer> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/live/${table.guildId}/${table.channelId}`, {
    headers: { Origin: base, Cookie: `${SESSION_COOKIE}=${token}` },
    localAddress: from,
  });
  const viewer: Viewer = { socket, inbox: [] };
  socket.on('message', (data) => {
    viewer.inbox.push({ at: process.hrtime.bigint(), data });
  });
  return new Promise((resolve, reject) => {
    socket.once('message', () => resolve(viewer));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`the socket was refused: ${response.statusCode}`)),
    );
  });
}

/** The ply of a state the hub sent. */
function plyOf(data: WebSocket.RawData): number {
  const { state } = JSON.parse(data.toString()) as { state: { ply: number } | null };
  return state?.ply ?? -1;
}

/**
 * Milliseconds from `sentAt` until each viewer was sent a state at `ply` or later; throws if some
 * have not been within `timeoutMs`.
 */
export async function arrivals(
  viewers: Viewer[],
  ply: number,
  sentAt: bigint,
  timeoutMs = 10_000,
): Promise<number[]> {
  const deadline = performance.now() + timeoutMs;
  const ms: (number | undefined)[] = viewers.map(() => undefined);
  for (;;) {
    // Until every board was sent something, only wait: parsing would delay the arrivals still due.
    const waiting = viewers.some((viewer, index) => ms[index] === undefined && viewer.inbox.length === 0);
    let missing = 0;
    for (const [index, viewer] of viewers.entries()) {
      if (ms[index] !== undefined) continue;
      if (waiting) {
        missing++;
        continue;
      }
      const arrived = viewer.inbox.find((message) => plyOf(message.data) >= ply);
      if (arrived) ms[index] = Number(arrived.at - sentAt) / 1e6;
      else missing++;
    }
    if (missing === 0) return ms as number[];
    if (performance.now() > deadline)
      throw new Error(`${missing} of ${viewers.length} boards were not sent ply ${ply} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
