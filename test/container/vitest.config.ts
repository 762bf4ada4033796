import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/** `npm run test:container`: the image and compose.yaml, with podman (root; see compose.test.ts). */
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '../..'),
    include: ['test/container/**/*.test.ts'],
    globalSetup: ['test/container/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
    pool: 'forks',
  },
});
