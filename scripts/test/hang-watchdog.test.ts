import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

it('names the file and test that block their thread, and fails the run, instead of hanging it', async () => {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      path.join(import.meta.dirname, 'fixtures/vitest.hang.config.ts'),
    ],
    { cwd: root, env: { ...process.env, TEST_HANG_SECONDS: '2', CI: 'true' } },
  );
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(output).toMatch(/hangs\.fixture\.ts > spins without end: the test thread has not turned for \d+ s/);
  expect(code).not.toBe(0);
}, 60_000);
