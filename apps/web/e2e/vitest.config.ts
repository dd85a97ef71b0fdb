import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { E2E_WORKERS } from './workers';

/**
 * Specs run in file-name order, E2E_WORKERS at a time; each worker has a shared server of its own, on which
 * its specs run one at a time. The home spec counts the strokes of the last 5 minutes and must run before
 * specs that post strokes of their own (realtimealert): on the same worker it is handed out, so run, first.
 */
class ByFileName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

// End-to-end: the built web app served by the real server (a child process), driven in headless Chromium.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // A hang detector, not a speed target (speed is measured in bench/): on CI's loaded two cores a spec that
    // takes 12 s alone (two map opens in software WebGL) went past 60 s. Each wait inside keeps its own limit.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state of the page: vitest's default of one second is shorter than a fetch and a
    // render take on a loaded machine (a filtered list still showed its previous rows, twice).
    expect: { poll: { timeout: 10_000, interval: 100 } },
    maxWorkers: E2E_WORKERS,
    // One module graph per worker (Playwright, the helpers), kept from spec to spec: each spec's own state is
    // its servers, browsers and contexts, which it closes in afterAll.
    isolate: false,
    sequence: { sequencer: ByFileName },
  },
});
