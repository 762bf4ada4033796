// Loaded first in each bot process of `npm run bench -- web` (`--import`): on SIGUSR2 it collects
// the garbage and writes the process's memory as one JSON log line, for the bench to divide by the
// sockets opened in between. Plain JavaScript: it is imported before tsx is registered.
import { writeSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

process.on('SIGUSR2', () => {
  gc();
  gc();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const line = { message: 'web heap', rss, heapUsed, external, arrayBuffers };
  writeSync(1, `${JSON.stringify(line)}\n`);
});
