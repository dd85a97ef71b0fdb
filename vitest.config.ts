import { defineConfig } from 'vitest/config';

// One run covers every workspace; the web unit tests run in Node with their own fakes of browser storage.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/web/build/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // A test that blocks its thread is named and ended, not waited for in silence.
    setupFiles: ['scripts/test/hang-watchdog.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // expect.poll waits for a state: vitest's default of one second is short on a loaded machine.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    pool: 'forks',
    // One module graph per worker, kept from file to file: a fresh one per file cost several seconds of
    // imports and transforms each (the server's ~600 modules). Files still get their own databases and apps.
    isolate: false,
    // More workers than the two cores: integration tests spend much of their time waiting on a database.
    maxWorkers: 3,
  },
});
