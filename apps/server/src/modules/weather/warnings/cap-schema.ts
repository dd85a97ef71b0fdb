import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

/** The OASIS CAP 1.2 schema (apps/server/schemas/cap12.xsd), read once. */
const XSD = readFileSync(new URL('../../../../schemas/cap12.xsd', import.meta.url), 'utf8');
/** xmllint's first messages name the problem; the rest rarely add to it. */
const MAX_MESSAGES = 3;

/**
 * Each document's schema errors (empty when valid), in the order given. One xmllint run (a worker with the
 * WebAssembly libxml2) checks them all: starting it costs more than checking a feed's alerts.
 */
export async function capSchemaErrors(docs: readonly string[]): Promise<string[][]> {
  if (docs.length === 0) return [];
  const names = docs.map((_, i) => `alert-${i}.xml`);
  const result = await validateXML({
    xml: docs.map((contents, i) => ({ fileName: names[i] as string, contents })),
    schema: { fileName: 'cap12.xsd', contents: XSD },
    // Large areas (an 880 kB polygon) need more than the default 32 MiB.
    maxMemoryPages: 4096,
  });
  const out: string[][] = docs.map(() => []);
  for (const e of result.errors) {
    const i = e.loc ? names.indexOf(e.loc.fileName) : -1;
    const target = out[i] ?? out.find((_, j) => e.rawMessage.includes(names[j] as string));
    if (!target || target.length >= MAX_MESSAGES) continue;
    target.push(e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message);
  }
  // xmllint failed a file without a message we could place: still refuse it.
  if (!result.valid) {
    for (const [i, messages] of out.entries()) {
      if (messages.length === 0 && result.rawOutput.includes(`${names[i]} fails to validate`)) {
        messages.push('does not validate against the CAP 1.2 schema');
      }
    }
  }
  return out;
}
