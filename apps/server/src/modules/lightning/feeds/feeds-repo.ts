import type { FeedDto } from '@thunderwatch/shared/schemas/lightning';
import type { Queryable } from '../../../db/database.js';

type FeedRow = {
  id: number;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

const toDto = (r: FeedRow): FeedDto => ({
  id: r.id,
  name: r.name,
  created_at: r.created_at.toISOString(),
  last_used_at: r.last_used_at?.toISOString() ?? null,
  revoked_at: r.revoked_at?.toISOString() ?? null,
});

export class FeedsRepo {
  constructor(private readonly db: Queryable) {}

  async create(name: string, keyHash: string, createdBy: number): Promise<FeedDto> {
    const r = await this.db.query<FeedRow>(
      `INSERT INTO feeds (name, key_hash, created_by) VALUES ($1, $2, $3)
       RETURNING id, name, created_at, last_used_at, revoked_at`,
      [name, keyHash, createdBy],
    );
    return toDto(r.rows[0] as FeedRow);
  }

  async list(): Promise<FeedDto[]> {
    const r = await this.db.query<FeedRow>(
      'SELECT id, name, created_at, last_used_at, revoked_at FROM feeds ORDER BY revoked_at IS NOT NULL, id',
    );
    return r.rows.map(toDto);
  }

  async revoke(id: number, at: Date): Promise<boolean> {
    const r = await this.db.query('UPDATE feeds SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
      id,
      at,
    ]);
    return r.rowCount > 0;
  }

  async findLive(keyHash: string): Promise<{ id: number; name: string } | null> {
    const r = await this.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM feeds WHERE key_hash = $1 AND revoked_at IS NULL',
      [keyHash],
    );
    return r.rows[0] ?? null;
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.db.query('UPDATE feeds SET last_used_at = $2 WHERE id = $1', [id, at]);
  }
}
