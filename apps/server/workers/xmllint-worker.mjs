// The CAP schema checker's thread: xmllint (libxml2 built to WebAssembly by xmllint-wasm) compiled once and
// instantiated per request. xmllint-wasm's own validateXML starts a worker and compiles the 780 kB module on
// every call (most of its ~150 ms); this one pays that once.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
// Loading the emscripten module registers xmllint-wasm's own message listener too; it ignores our messages
// (they lack its key).
const xmllint = require('xmllint-wasm/xmllint-node.js');
const compiled = new WebAssembly.Module(readFileSync(require.resolve('xmllint-wasm/xmllint.wasm')));

/** One xmllint run: `args` over `inputFiles` ({fileName, contents}); exit code and stderr. */
function run({ inputFiles, args, maxMemory }) {
  return new Promise((resolve) => {
    let stderr = '';
    xmllint({
      inputFiles,
      arguments: args,
      print() {},
      printErr(text) {
        stderr += `${text}\n`;
      },
      onExit: (exitCode) => resolve({ exitCode, stderr }),
      onAbort: (reason) => resolve({ exitCode: -1, stderr: `WASM Abort: ${reason}` }),
      wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: maxMemory }),
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
        return {};
      },
    }).catch((error) => resolve({ exitCode: -1, stderr: String(error) }));
  });
}

let queue = Promise.resolve();
parentPort?.on('message', (msg) => {
  if (msg?.kind !== 'thunderwatch-xmllint') return;
  queue = queue.then(async () => parentPort?.postMessage({ seq: msg.seq, ...(await run(msg)) }));
});
