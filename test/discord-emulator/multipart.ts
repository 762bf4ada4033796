/** Reads a multipart/form-data body as discord.js sends it: `payload_json` plus `files[n]` parts. */
import type { UploadedFile } from './state.ts';

export interface FormBody {
  json: unknown;
  files: UploadedFile[];
}

export function parseMultipart(body: Buffer, contentType: string): FormBody {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error('multipart body without a boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const result: FormBody = { json: undefined, files: [] };
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF, then the next delimiter.
    const part = body.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const name = /;\s*name="([^"]*)"/i.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
    if (name === 'payload_json') result.json = JSON.parse(content.toString('utf8'));
    else if (filename !== undefined)
      result.files.push({ field: name, filename, contentType: type, data: Buffer.from(content) });
    start = next;
  }
  return result;
}
