import type { CapArea, CapCircle, Position } from '@thunderwatch/domain/weather/cap-area';
import type { WeatherWarningKind, WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import type { Queryable } from '../../../db/database.js';
import type { CapReference, ParsedAlert } from './cap-alert.js';

export type ClosedReason = 'superseded' | 'cancelled' | 'expired';

export interface WarningRow {
  id: number;
  /** `sender,identifier` of the first message of the warning's life (its Updates and Cancel share it). */
  life_key: string;
  identifier: string;
  sender: string;
  sent: Date;
  msg_type: string;
  status: string;
  scope: string;
  kind: WeatherWarningKind;
  level: WeatherWarningLevel;
  event: string;
  headline: string | null;
  description: string | null;
  area_desc: string | null;
  language: string;
  urgency: string;
  severity: string;
  certainty: string;
  onset: Date | null;
  expires: Date | null;
  closed_at: Date | null;
  closed_reason: ClosedReason | null;
  superseded_by: number | null;
  area: { type: 'MultiPolygon'; coordinates: Position[][][] } | null;
  circles: CapCircle[];
  admin_codes: string[];
  geocodes: string[];
  min_lon: number | null;
  min_lat: number | null;
  max_lon: number | null;
  max_lat: number | null;
}

const COLUMNS = `id::float8 AS id, life_key, identifier, sender, sent, msg_type, status, scope, kind, level, event, headline,
  description, area_desc, language, urgency, severity, certainty, onset, expires, closed_at, closed_reason,
  superseded_by::float8 AS superseded_by, area, circles, admin_codes, geocodes, min_lon, min_lat, max_lon, max_lat`;

export interface WarningFilter {
  /** true: open ones; false: closed ones; null: all. */
  active: boolean | null;
  bbox: [number, number, number, number] | null;
  kind: WeatherWarningKind | null;
  /** Only warnings that raised an alarm for this group. */
  groupId?: number | null;
  limit: number;
}

export class WeatherWarningsRepo {
  constructor(private readonly db: Queryable) {}

  /** Stores the alert; null when (sender, identifier, sent) is stored already. */
  async insert(
    a: ParsedAlert,
    extra: {
      rawXml: string;
      signer: string | null;
      feedId: number | null;
      bounds: number[] | null;
      closed: ClosedReason | null;
      at: Date;
      lifeKey: string;
    },
    tx: Queryable,
  ): Promise<number | null> {
    const area: CapArea = a.area;
    const r = await tx.query<{ id: number }>(
      `INSERT INTO weather_warnings (identifier, sender, sent, msg_type, status, scope, kind, level, event, headline,
         description, area_desc, language, languages, urgency, severity, certainty, onset, expires, closed_at,
         closed_reason, area, circles, min_lon, min_lat, max_lon, max_lat, admin_codes, geocodes, signer, raw_xml,
         feed_id, received_at, life_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::text[], $15, $16, $17, $18, $19,
         CASE WHEN $20::text IS NULL THEN NULL WHEN $20 = 'expired' THEN $19::timestamptz ELSE $33::timestamptz END, $20, $21::jsonb, $22::jsonb, $23, $24, $25,
         $26, $27::text[], $28::text[], $29, $30, $31, $32, $34)
       ON CONFLICT (sender, identifier, sent) DO NOTHING
       RETURNING id::float8 AS id`,
      [
        a.identifier,
        a.sender,
        a.sent,
        a.msgType,
        a.status,
        a.scope,
        a.kind,
        a.level,
        a.event,
        a.headline,
        a.description,
        a.areaDesc,
        a.language,
        a.languages,
        a.urgency,
        a.severity,
        a.certainty,
        a.onset,
        a.expires,
        extra.closed,
        area.polygons.length > 0
          ? JSON.stringify({ type: 'MultiPolygon', coordinates: area.polygons })
          : null,
        JSON.stringify(area.circles),
        extra.bounds?.[0] ?? null,
        extra.bounds?.[1] ?? null,
        extra.bounds?.[2] ?? null,
        extra.bounds?.[3] ?? null,
        area.adminCodes,
        area.geocodes,
        extra.signer,
        extra.rawXml,
        extra.feedId,
        extra.at,
        extra.at,
        extra.lifeKey,
      ],
    );
    return r.rows[0]?.id ?? null;
  }

  async findId(
    sender: string,
    identifier: string,
    sent: Date,
    tx: Queryable = this.db,
  ): Promise<number | null> {
    const r = await tx.query<{ id: number }>(
      `SELECT id::float8 AS id FROM weather_warnings WHERE sender = $1 AND identifier = $2 AND sent = $3`,
      [sender, identifier, sent],
    );
    return r.rows[0]?.id ?? null;
  }

  /** The life of the earliest stored message the references name; null when none is stored. */
  async lifeOf(refs: readonly CapReference[], tx: Queryable): Promise<string | null> {
    if (refs.length === 0) return null;
    const r = await tx.query<{ life_key: string }>(
      `SELECT w.life_key FROM weather_warnings w
         JOIN unnest($1::text[], $2::text[]) AS ref(sender, identifier)
           ON w.sender = ref.sender AND w.identifier = ref.identifier
        ORDER BY w.sent, w.id LIMIT 1`,
      [refs.map((x) => x.sender), refs.map((x) => x.identifier)],
    );
    return r.rows[0]?.life_key ?? null;
  }

  /**
   * Messages stored before the one their life is named after (their references named only a later message)
   * join its life `to`, with their alarms; an alarm `to` already has for the location wins.
   */
  async joinLife(from: string, to: string, tx: Queryable): Promise<void> {
    if (from === to) return;
    await tx.query(`UPDATE weather_warnings SET life_key = $2 WHERE life_key = $1`, [from, to]);
    const [a, b] = [`life:${from}`, `life:${to}`];
    await tx.query(
      `DELETE FROM alarms a WHERE a.kind = 'weather_warning' AND a.subject = $1
          AND EXISTS (SELECT 1 FROM alarms b
                       WHERE b.kind = 'weather_warning' AND b.subject = $2 AND b.location_id = a.location_id)`,
      [a, b],
    );
    await tx.query(`UPDATE alarms SET subject = $2 WHERE kind = 'weather_warning' AND subject = $1`, [a, b]);
  }

  /**
   * Only the newest message of a life stays open: the others close as superseded by it (cancelled when it
   * is a Cancel), whatever order a feed listed them in.
   */
  async closeOlderInLife(lifeKey: string, at: Date, tx: Queryable): Promise<void> {
    await tx.query(
      `WITH newest AS (SELECT id, msg_type FROM weather_warnings WHERE life_key = $1
                        ORDER BY sent DESC, id DESC LIMIT 1)
       UPDATE weather_warnings w
          SET closed_at = $2,
              closed_reason = CASE WHEN newest.msg_type = 'Cancel' THEN 'cancelled' ELSE 'superseded' END,
              superseded_by = newest.id
         FROM newest
        WHERE w.life_key = $1 AND w.id <> newest.id AND w.closed_at IS NULL`,
      [lifeKey, at],
    );
  }

  /** Closes the open warnings the references name; their ids. */
  async closeReferenced(
    refs: readonly CapReference[],
    reason: ClosedReason,
    by: number,
    at: Date,
    tx: Queryable,
  ): Promise<number[]> {
    if (refs.length === 0) return [];
    const r = await tx.query<{ id: number }>(
      `UPDATE weather_warnings w SET closed_at = $5, closed_reason = $3, superseded_by = $4
        FROM unnest($1::text[], $2::text[], $6::timestamptz[]) AS ref(sender, identifier, sent)
        WHERE w.sender = ref.sender AND w.identifier = ref.identifier AND w.sent = ref.sent
          AND w.closed_at IS NULL AND w.id <> $4
        RETURNING w.id::float8 AS id`,
      [
        refs.map((x) => x.sender),
        refs.map((x) => x.identifier),
        reason,
        by,
        at,
        refs.map((x) => x.sent.toISOString()),
      ],
    );
    return r.rows.map((x) => x.id);
  }

  /** Closes the open warnings past their expiry; their ids. */
  async closeExpired(now: Date, tx: Queryable = this.db): Promise<number[]> {
    const r = await tx.query<{ id: number }>(
      `UPDATE weather_warnings SET closed_at = expires, closed_reason = 'expired'
        WHERE closed_at IS NULL AND expires <= $1 RETURNING id::float8 AS id`,
      [now],
    );
    return r.rows.map((x) => x.id);
  }

  /** Deletes the warnings closed before `before` (their alarms with them); how many. */
  async purgeClosedBefore(before: Date): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM weather_warnings WHERE closed_at < $1 RETURNING id),
            alarms_gone AS (DELETE FROM alarms WHERE kind = 'weather_warning'
                              AND (facts ->> 'warning_id')::bigint IN (SELECT id FROM gone))
       SELECT count(*)::int AS n FROM gone`,
      [before],
    );
    return r.rows[0]?.n ?? 0;
  }

  /** Open actual warnings that have an area, for the alarm evaluation. */
  async openWithArea(tx: Queryable = this.db): Promise<WarningRow[]> {
    const r = await tx.query<WarningRow>(
      `SELECT ${COLUMNS} FROM weather_warnings
        WHERE closed_at IS NULL AND status = 'Actual' AND msg_type IN ('Alert', 'Update') AND min_lon IS NOT NULL`,
    );
    return r.rows;
  }

  async list(f: WarningFilter): Promise<WarningRow[]> {
    const b = f.bbox;
    const r = await this.db.query<WarningRow>(
      `SELECT ${COLUMNS} FROM weather_warnings w
        WHERE ($1::boolean IS NULL OR (closed_at IS NULL) = $1)
          AND ($2::float8 IS NULL OR (min_lon IS NOT NULL AND max_lon >= $2 AND min_lon <= $4
               AND max_lat >= $3 AND min_lat <= $5))
          AND ($6::text IS NULL OR kind = $6)
          AND ($7::bigint IS NULL OR EXISTS (SELECT 1 FROM alarms a
                WHERE a.kind = 'weather_warning' AND (a.facts ->> 'warning_id')::bigint = w.id
                  AND a.group_id = $7))
          AND msg_type IN ('Alert', 'Update')
        ORDER BY sent DESC, id DESC
        LIMIT $8`,
      [
        f.active,
        b?.[0] ?? null,
        b?.[1] ?? null,
        b?.[2] ?? null,
        b?.[3] ?? null,
        f.kind,
        f.groupId ?? null,
        f.limit,
      ],
    );
    return r.rows;
  }

  /** The messages this one superseded or cancelled (its references, for the export). */
  async referencedBy(id: number): Promise<{ sender: string; identifier: string; sent: Date }[]> {
    const r = await this.db.query<{ sender: string; identifier: string; sent: Date }>(
      `SELECT sender, identifier, sent FROM weather_warnings WHERE superseded_by = $1 ORDER BY sent, id`,
      [id],
    );
    return r.rows;
  }

  async get(id: number): Promise<WarningRow | null> {
    const r = await this.db.query<WarningRow>(`SELECT ${COLUMNS} FROM weather_warnings WHERE id = $1`, [id]);
    return r.rows[0] ?? null;
  }

  async exists(id: number): Promise<boolean> {
    const r = await this.db.query('SELECT 1 FROM weather_warnings WHERE id = $1', [id]);
    return r.rows.length > 0;
  }
}
