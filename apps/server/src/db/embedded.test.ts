import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEmbedded } from './embedded.js';
import { splitStatements } from './migrate.js';

describe('embedded database', () => {
  it('runs queries off the main thread and serialises transactions', async () => {
    const db = await openEmbedded({ dataDir: null });
    try {
      await db.query('CREATE TABLE t (id int PRIMARY KEY, n bigint)');
      // A statement issued while a transaction is open waits for it instead of interleaving.
      const order: string[] = [];
      const tx = db.transaction(async (q) => {
        await q.query('INSERT INTO t VALUES (1, 10)');
        await new Promise((r) => setTimeout(r, 50));
        order.push('tx');
        await q.query('INSERT INTO t VALUES (2, 20)');
      });
      const read = db.query<{ c: number }>('SELECT count(*) AS c FROM t').then((r) => {
        order.push('read');
        return r.rows[0]?.c;
      });
      await tx;
      expect(await read).toBe(2);
      expect(order).toEqual(['tx', 'read']);
      await expect(
        db.transaction(async (q) => {
          await q.query('INSERT INTO t VALUES (3, 30)');
          await q.query('INSERT INTO t VALUES (3, 30)');
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect((await db.query('SELECT * FROM t')).rowCount).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('creates a new data directory (initdb in a worker of its own) and opens it again with its data', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'tw-embedded-')), 'data');
    try {
      const first = await openEmbedded({ dataDir: dir });
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      await first.query('CREATE TABLE kept (n int)');
      await first.query('INSERT INTO kept VALUES (7)');
      await first.close();
      const again = await openEmbedded({ dataDir: dir });
      expect((await again.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 7 }]);
      await again.close();
    } finally {
      await rm(path.dirname(dir), { recursive: true, force: true });
    }
  }, 60_000);
});

describe('splitStatements', () => {
  it('splits on semicolons at line ends and drops comments', () => {
    expect(splitStatements('-- c\nCREATE TABLE a (x int);\n\nCREATE INDEX i ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX i ON a (x)',
    ]);
  });
});
