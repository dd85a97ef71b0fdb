import h5wasm from 'h5wasm/node';
import { workerPreparer } from './dist/modules/weather/radar/radar-preparer.js';
import { buildOdim } from './dist/modules/weather/radar/fixtures/odim-builder.js';
const url = new URL('./dist/modules/weather/radar/radar-worker.js', import.meta.url);
const log = { error: (o, m) => console.log('log.error', m, o.err?.code) };
const base = await buildOdim();
const { FS } = await h5wasm.ready;
FS.writeFile('/a.h5', base);
const f = new h5wasm.File('/a.h5', 'a');
const n = Number(process.argv[2]);
f.get('what').create_attribute('source_list', Array.from({ length: n }, (_, i) => `NOD:x${i}`));
f.close();
const bytes = FS.readFile('/a.h5');
console.log('file', bytes.length);
for (const mb of [16, 64]) {
  const p = workerPreparer(log, { limits: { maxBytes: 256 * 2 ** 20 }, workerUrl: url, resourceLimits: { maxOldGenerationSizeMb: mb, maxYoungGenerationSizeMb: 4 } });
  await new Promise((r) => setTimeout(r, 1000));
  const t = performance.now();
  const r = await p.prepare({ kind: 'odim', bytes: new Uint8Array(bytes) }).then((f) => `ok ${f.cols}x${f.rows}`, (e) => `${e.code} ${e.statusCode} ${e.message}`);
  console.log(mb, r, (performance.now() - t) | 0, 'ms', p.workersStarted());
  await p.close();
}
