/** The Redis the tests use: REDIS_URL when set, else the local default. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
