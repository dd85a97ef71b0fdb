// Runs every bench/*.bench.mjs in turn; each prints its own figures and a ratio against a baseline it
// measures in the same process (absolute times on shared machines are not comparable across runs).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const only = process.argv[2];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n## ${file}`);
  const mod = await import(pathToFileURL(path.join(dir, file)).href);
  await mod.run();
}
