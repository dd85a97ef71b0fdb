import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../lib/app-error.js';

/** The OASIS CAP 1.2 schema (apps/server/schemas/cap12.xsd), read once. */
const XSD = readFileSync(new URL('../../../../schemas/cap12.xsd', import.meta.url), 'utf8');
const WORKER_URL = new URL('../../../../workers/xmllint-worker.mjs', import.meta.url);
/** xmllint's first messages name the problem; the rest rarely add to it. */
const MAX_MESSAGES = 3;
/** WebAssembly pages (64 KiB) one run may grow to: an 880 kB polygon needs more than the default 32 MiB. */
const MAX_MEMORY_PAGES = 4096;

interface Reply {
  seq: number;
  exitCode: number;
  stderr: string;
}

let worker: Worker | null = null;
let seq = 0;
const waiting = new Map<number, (r: Reply) => void>();

/** One long-lived thread keeps the compiled libxml2: a run then costs tens of ms, not a compile. */
function xmllintWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_URL);
  w.unref();
  w.on('message', (r: Reply) => {
    const done = waiting.get(r.seq);
    waiting.delete(r.seq);
    if (waiting.size === 0) w.unref();
    done?.(r);
  });
  w.on('exit', () => {
    worker = null;
    for (const done of waiting.values())
      done({ seq: -1, exitCode: -1, stderr: 'the schema checker stopped' });
    waiting.clear();
  });
  worker = w;
  return w;
}

function xmllint(files: { fileName: string; contents: string }[], args: string[]): Promise<Reply> {
  const w = xmllintWorker();
  const id = ++seq;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.ref();
    w.postMessage({
      kind: 'thunderwatch-xmllint',
      seq: id,
      inputFiles: files,
      args,
      maxMemory: MAX_MEMORY_PAGES,
    });
  });
}

/**
 * Each document's schema errors (empty when valid), in the order given, from one xmllint run over them all.
 * Messages read `line N: …` (xmllint's own wording).
 */
export async function capSchemaErrors(docs: readonly string[]): Promise<string[][]> {
  if (docs.length === 0) return [];
  const names = docs.map((_, i) => `alert-${i}.xml`);
  const r = await xmllint(
    [
      ...docs.map((contents, i) => ({ fileName: names[i] as string, contents })),
      { fileName: 'cap12.xsd', contents: XSD },
    ],
    ['--schema', 'cap12.xsd', '--noout', ...names],
  );
  // 0: all valid; 3, 4: some invalid; anything else: xmllint itself failed.
  if (r.exitCode !== 0 && r.exitCode !== 3 && r.exitCode !== 4) {
    throw new AppError('server.unavailable', 503, `the CAP schema check failed: ${r.stderr.slice(0, 200)}`);
  }
  const out: string[][] = docs.map(() => []);
  for (const line of r.stderr.split('\n')) {
    const m = /^alert-(\d+)\.xml:(\d+): (.*)$/.exec(line);
    const target = m ? out[Number(m[1])] : undefined;
    if (m && target && target.length < MAX_MESSAGES) target.push(`line ${m[2]}: ${m[3]}`);
  }
  // A file xmllint failed without a message we could place is still refused.
  for (const [i, messages] of out.entries()) {
    if (messages.length === 0 && r.stderr.includes(`${names[i]} fails to validate`)) {
      messages.push('does not validate against the CAP 1.2 schema');
    }
  }
  return out;
}
