import { createConnection } from 'node:net';
import { testRedisUrl } from './redis-url.ts';

/**
 * The bot's tests run against a real Redis. When none answers, the whole run fails here with
 * instructions, instead of skipping the tests that need it.
 */
export default async function assertRedisReachable(): Promise<void> {
  const url = new URL(testRedisUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 6379);
  const answer = await new Promise<string>((resolve) => {
    const socket = createConnection({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('timeout');
    }, 3000);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      clearTimeout(timer);
      socket.end();
      resolve(String(data));
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
  });
  // +PONG, or -NOAUTH when the URL carries a password the raw PING did not send: either way a Redis answered.
  if (answer.startsWith('+PONG') || answer.startsWith('-NOAUTH')) return;
  throw new Error(
    `The tests need a Redis server and none answered at ${host}:${port} (${answer.trim()}).\n` +
      'Start one with:  redis-server --daemonize yes --port 6379 --save "" --appendonly no\n' +
      '(Debian/Ubuntu: apt-get install redis-server), or point REDIS_URL at one, e.g. REDIS_URL=redis://127.0.0.1:6379',
  );
}
