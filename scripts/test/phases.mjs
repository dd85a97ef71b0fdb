// `npm test` and `npm run test:quick`: the suite's phases in turn, each one's duration printed as it ends
// (so a slow phase shows in CI's output), stopping at the first that fails.
//   node scripts/test/phases.mjs        typecheck, lint, unit (embedded database, and PostgreSQL/Redis/MQTT
//                                       when DATABASE_URL/REDIS_URL/MQTT_URL are set), web build, e2e
//   node scripts/test/phases.mjs quick  typecheck, lint, unit on the embedded database only
import { spawnSync } from 'node:child_process';

const quick = process.argv[2] === 'quick';
const embeddedOnly = { DATABASE_URL: '', REDIS_URL: '' };
const phases = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  quick
    ? ['unit (embedded database)', 'npx', ['vitest', 'run'], embeddedOnly]
    : ['unit', 'npx', ['vitest', 'run']],
  ...(quick
    ? []
    : [
        ['web build', 'npm', ['run', 'build', '-w', 'apps/web']],
        ['e2e', 'npx', ['vitest', 'run', '--config', 'apps/web/e2e/vitest.config.ts']],
      ]),
];

const clock = (ms) =>
  `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
const began = Date.now();
const took = [];
for (const [name, command, args, env] of phases) {
  console.log(`\n[test] ${name}: ${command} ${args.join(' ')}`);
  const start = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ms = Date.now() - start;
  took.push(`${name} ${clock(ms)}`);
  console.log(`[test] ${name}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${clock(ms)}`);
  if (run.status !== 0) {
    console.log(`[test] stopped at ${name} after ${clock(Date.now() - began)} (${took.join(', ')})`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\n[test] all passed in ${clock(Date.now() - began)}: ${took.join(', ')}`);
