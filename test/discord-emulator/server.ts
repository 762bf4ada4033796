/**
 * The HTTP side: reads each request (JSON, multipart with payload_json and files[n], or a form), records it,
 * answers injected faults, and otherwise hands it to the route table. Paths are recorded without the
 * `/api/v10` prefix, e.g. `/channels/123/messages`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteResult } from './interactions.ts';
import { parseMultipart } from './multipart.ts';
import type { RouteRequest } from './routes.ts';
import type { RecordedAttachment } from './state.ts';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string, e.g. `with_response=false`; empty when none. */
  query: string;
  body: unknown;
  files: RecordedAttachment[];
  /** When the request arrived (process.hrtime.bigint()). */
  at: bigint;
  /** The status the emulator answered. */
  status: number;
}

/** A failure the emulator answers instead of the real route, `times` times. */
export interface Fault {
  method?: string;
  path: RegExp;
  status: number;
  /** For 429: seconds to wait, sent as retry-after. */
  retryAfter?: number;
  times: number;
}

export interface RestLog {
  calls: RecordedCall[];
  unknownRoutes: RecordedCall[];
  faulted: RecordedCall[];
  faults: Fault[];
}

export async function serveRequest(
  request: IncomingMessage,
  response: ServerResponse,
  token: string,
  log: RestLog,
  route: (request: RouteRequest) => RouteResult | null,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const url = new URL(request.url ?? '/', 'http://emulator');
  const path = decodeURIComponent(url.pathname).replace(/^\/api(\/v\d+)?/, '');
  const call: RecordedCall = {
    method: request.method ?? 'GET',
    path,
    query: url.searchParams.toString(),
    body: undefined,
    files: [],
    at: process.hrtime.bigint(),
    status: 0,
  };
  log.calls.push(call);
  const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
    call.status = status;
    if (status === 204) {
      response.writeHead(204, headers).end();
      return;
    }
    const text = JSON.stringify(body ?? null);
    response
      .writeHead(status, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(text)),
        ...headers,
      })
      .end(text);
  };

  const contentType = request.headers['content-type'] ?? '';
  let form: URLSearchParams | null = null;
  try {
    if (contentType.startsWith('application/x-www-form-urlencoded')) {
      form = new URLSearchParams(raw.toString('utf8'));
      // Recorded without its secrets: a test reads calls, and they would end up in its output.
      call.body = Object.fromEntries([...form].filter(([name]) => name !== 'client_secret'));
    } else if (contentType.startsWith('multipart/form-data')) {
      const form = parseMultipart(raw, contentType);
      call.body = form.json;
      call.files = form.files.map(({ filename, contentType: type, data }) => ({
        filename,
        contentType: type,
        data,
      }));
    } else if (raw.length > 0) {
      call.body = JSON.parse(raw.toString('utf8'));
    }
  } catch (error) {
    return answer(400, {
      code: 50109,
      message: `The request body contains invalid JSON: ${(error as Error).message}`,
    });
  }

  const fault = log.faults.find(
    (f) => f.times > 0 && f.path.test(path) && (!f.method || f.method === call.method),
  );
  if (fault) {
    fault.times--;
    log.faulted.push(call);
    if (fault.status === 429) {
      const retryAfter = fault.retryAfter ?? 0.2;
      return answer(
        429,
        { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
        { 'retry-after': String(retryAfter), 'x-ratelimit-scope': 'user' },
      );
    }
    return answer(fault.status, { message: 'Internal Server Error', code: 0 });
  }

  try {
    const result = route({
      method: call.method,
      path,
      query: url.searchParams,
      body: call.body,
      files: call.files,
      at: call.at,
      authorised: request.headers.authorization === `Bot ${token}`,
      authorization: request.headers.authorization,
      form,
    });
    if (result === null) {
      log.unknownRoutes.push(call);
      return answer(404, { code: 0, message: `404: Not Found (${call.method} ${path})` });
    }
    answer(result.status, result.body);
  } catch (error) {
    answer(500, { code: 0, message: String((error as Error).stack) });
  }
}
