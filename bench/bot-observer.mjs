// Loaded first in each bot process of `npm run bench:load` (`--import`): the garbage collector's
// pauses and the process's CPU time, written as one JSON log line when the process exits, for the
// benchmark to report. Plain JavaScript: it is imported before tsx is registered.
import { writeSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
};
const gc = {};
const cpuAtStart = process.cpuUsage();
let cpuAtMark = cpuAtStart;

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = KINDS[entry.detail?.kind] ?? 'other';
    gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0, over50Ms: 0 };
    const pauses = gc[kind];
    pauses.count++;
    pauses.totalMs += entry.duration;
    pauses.maxMs = Math.max(pauses.maxMs, entry.duration);
    if (entry.duration > 50) pauses.over50Ms++;
  }
}).observe({ entryTypes: ['gc'] });

// SIGUSR2 marks the start of the load: CPU time is counted from it (start-up excluded), and the
// pauses so far are forgotten.
process.on('SIGUSR2', () => {
  cpuAtMark = process.cpuUsage();
  for (const kind of Object.keys(gc)) delete gc[kind];
});

process.on('exit', () => {
  const cpu = process.cpuUsage(cpuAtMark);
  const round = (ms) => Math.round(ms * 10) / 10;
  const pauses = Object.fromEntries(
    Object.entries(gc).map(([kind, p]) => [kind, { ...p, totalMs: round(p.totalMs), maxMs: round(p.maxMs) }]),
  );
  const line = { message: 'bench observer', gc: pauses, cpuMs: round((cpu.user + cpu.system) / 1000) };
  writeSync(1, `${JSON.stringify(line)}\n`);
});
