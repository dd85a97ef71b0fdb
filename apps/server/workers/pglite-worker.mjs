// Runs the embedded PostgreSQL (PGlite) on its own thread: PGlite blocks the thread it runs on for the
// whole of a query, and the main thread must keep serving HTTP and sockets meanwhile.
// Plain JavaScript so that tests (TypeScript sources) and production (compiled) start the same file.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

const { dataDir, snapshot, initOnly } = workerData;
const db = await PGlite.create({
  dataDir: dataDir ?? undefined,
  loadDataDir: snapshot ? new Blob([snapshot]) : undefined,
  parsers: { [types.INT8]: (value) => Number(value) },
});
if (initOnly) {
  // Only to create the data directory (initdb): the caller ends this worker, and its memory with it.
  await db.close();
} else {
  parentPort.on('message', serve);
}
parentPort.postMessage({ ready: true });

function serializeError(error) {
  return {
    message: error?.message ?? String(error),
    code: error?.code,
    constraint: error?.constraint,
    detail: error?.detail,
  };
}

async function serve({ id, op, sql, params }) {
  try {
    if (op === 'query') {
      const r = await db.query(sql, params ?? []);
      // Like node-postgres: statements returning rows count their rows, others the rows they changed.
      const rowCount = r.fields.length > 0 ? r.rows.length : (r.affectedRows ?? 0);
      parentPort.postMessage({ id, result: { rows: r.rows, rowCount } });
    } else if (op === 'exec') {
      await db.exec(sql);
      parentPort.postMessage({ id, result: { rows: [], rowCount: 0 } });
    } else if (op === 'dump') {
      const file = await db.dumpDataDir('none');
      const bytes = new Uint8Array(await file.arrayBuffer());
      parentPort.postMessage({ id, result: bytes }, [bytes.buffer]);
    } else if (op === 'close') {
      await db.close();
      parentPort.postMessage({ id, result: null });
    } else {
      parentPort.postMessage({ id, error: { message: `unknown op ${op}` } });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: serializeError(error) });
  }
}
