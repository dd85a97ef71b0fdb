import { capAreaBounds } from '@thunderwatch/domain/weather/cap-area';
import type {
  CapIngestOutcome,
  CapIngestResult,
  WeatherWarning,
  WeatherWarningFeedQuery,
  WeatherWarningList,
  WeatherWarningQuery,
} from '@thunderwatch/shared/schemas/weather-warning';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope } from '../../../lib/group-scope.js';
import { queryFlag } from '../../../lib/query-flag.js';
import type { CapReference } from './cap-alert.js';
import { areaForMap, warningToCap } from './cap-export.js';
import type { ReadAlert } from './cap-read.js';
import type { CapReader } from './cap-reader.js';
import { warningsAtom } from './warning-atom.js';
import type { ClosedReason, WarningRow, WeatherWarningsRepo } from './weather-warnings-repo.js';

const LIST_LIMIT = 500;
const FEED_LIMIT = 100;

/**
 * Official weather warnings: CAP alerts from feeds, each stored on its own (one bad alert of a feed refuses
 * only itself; a body of one alert that is refused answers 400 with the reason). Bodies are read on the CAP
 * reader's thread. Update and Cancel close the warnings they reference; every message belongs to a warning
 * life (its first message's `sender,identifier`) of which only the newest stays open, whatever order a feed
 * lists them in; the alarms follow after each ingest.
 * Warnings are public information: every signed-in user reads them; the Atom feed is the group's (warnings
 * that covered one of its locations).
 */
export class WeatherWarningService {
  constructor(
    private readonly d: {
      db: Database;
      repo: WeatherWarningsRepo;
      now: () => Date;
      log: FastifyBaseLogger;
      afterIngest: () => Promise<void>;
      /** Reads bodies off the thread that answers HTTP. */
      reader: Pick<CapReader, 'read'>;
    },
  ) {}

  async ingest(feedId: number | null, body: Buffer): Promise<CapIngestResult> {
    const read = await this.d.reader.read(body);
    const alerts: CapIngestOutcome[] = [];
    for (const r of read.alerts) {
      if (!r.ok) {
        alerts.push({
          identifier: r.identifier,
          sender: r.sender,
          outcome: 'refused',
          id: null,
          reason: r.reason,
        });
        continue;
      }
      try {
        alerts.push(await this.d.db.transaction((tx) => this.store(r, feedId, tx)));
      } catch (error) {
        this.d.log.warn({ err: error, identifier: r.alert.identifier }, 'CAP alert not stored');
        alerts.push({
          identifier: r.alert.identifier,
          sender: r.alert.sender,
          outcome: 'refused',
          id: null,
          reason: 'the alert could not be stored',
        });
      }
    }
    if (alerts.some((a) => a.outcome !== 'refused')) await this.d.afterIngest();
    const only = alerts[0];
    // A lone alert refused is the request refused; a feed answers per alert.
    if (read.format === 'alert' && only?.outcome === 'refused') {
      const reason = only.reason ?? 'refused';
      throw new AppError('cap.invalid', 400, reason, [{ field: 'body', message: reason }]);
    }
    return { format: read.format, alerts };
  }

  private async store(
    r: Extract<ReadAlert, { ok: true }>,
    feedId: number | null,
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  ): Promise<CapIngestOutcome> {
    const a = r.alert;
    const now = this.d.now();
    const identity = { identifier: a.identifier, sender: a.sender };
    const closed: ClosedReason | null =
      a.msgType === 'Cancel' ? 'cancelled' : a.expires && a.expires <= now ? 'expired' : null;
    const ownKey = `${a.sender},${a.identifier}`;
    const lifeKey = await this.lifeKeyOf(a, tx);
    const id = await this.d.repo.insert(
      a,
      {
        rawXml: r.xml,
        signer: r.signer,
        feedId,
        bounds: capAreaBounds(a.area),
        closed,
        at: now,
        lifeKey,
      },
      tx,
    );
    if (id === null) {
      const known = await this.d.repo.findId(a.sender, a.identifier, a.sent, tx);
      return {
        ...identity,
        outcome: 'updated',
        id: known,
        reason: 'already stored (same sender, identifier, sent)',
      };
    }
    let closedIds: number[] = [];
    if (a.msgType === 'Update' || a.msgType === 'Cancel') {
      const reason = a.msgType === 'Update' ? 'superseded' : 'cancelled';
      closedIds = await this.d.repo.closeReferenced(a.references, reason, id, now, tx);
    }
    // Messages a feed listed before this one (newest first) that named it as their reference join its life.
    await this.d.repo.joinLife(ownKey, lifeKey, tx);
    await this.d.repo.closeOlderInLife(lifeKey, now, tx);
    if (a.msgType === 'Update' || a.msgType === 'Cancel') {
      return {
        ...identity,
        outcome: a.msgType === 'Update' ? 'updated' : 'cancelled',
        id,
        reason: closedIds.length === 0 ? 'it references no open warning stored here' : null,
      };
    }
    return { ...identity, outcome: 'accepted', id, reason: null };
  }

  /**
   * The life an Update or Cancel continues: that of the earliest stored message it references, else the
   * earliest reference itself (its first message may come later in the feed). Any other message starts its own.
   */
  private async lifeKeyOf(
    a: Extract<ReadAlert, { ok: true }>['alert'],
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  ): Promise<string> {
    if ((a.msgType !== 'Update' && a.msgType !== 'Cancel') || a.references.length === 0)
      return `${a.sender},${a.identifier}`;
    const stored = await this.d.repo.lifeOf(a.references, tx);
    if (stored) return stored;
    const first = [...a.references].sort((x, y) => x.sent.getTime() - y.sent.getTime())[0] as CapReference;
    return `${first.sender},${first.identifier}`;
  }

  /** Retention: warnings closed before `before` go, with their alarms; how many. */
  purgeClosedBefore(before: Date): Promise<number> {
    return this.d.repo.purgeClosedBefore(before);
  }

  async list(user: AuthUser, q: WeatherWarningQuery): Promise<WeatherWarningList> {
    requirePermission(user, 'location.read');
    const active = queryFlag(q.active);
    const rows = await this.d.repo.list({
      active,
      bbox: bboxOf(q.bbox),
      kind: q.kind ?? null,
      limit: LIST_LIMIT,
    });
    return { warnings: rows.map(toDto) };
  }

  async get(user: AuthUser, id: number): Promise<WeatherWarning> {
    requirePermission(user, 'location.read');
    return toDto(await this.row(id));
  }

  async cap(user: AuthUser, id: number): Promise<string> {
    requirePermission(user, 'location.read');
    const row = await this.row(id);
    return warningToCap(row, await this.d.repo.referencedBy(row.id));
  }

  async atom(user: AuthUser, q: WeatherWarningFeedQuery, baseUrl: string): Promise<string> {
    requirePermission(user, 'location.read');
    const groupId = readScope(user, q.group_id);
    const rows = await this.d.repo.list({ active: null, bbox: null, kind: null, groupId, limit: FEED_LIMIT });
    return warningsAtom(rows, { baseUrl, groupId, now: this.d.now() });
  }

  private async row(id: number): Promise<WarningRow> {
    const row = await this.d.repo.get(id);
    if (!row) {
      throw new AppError('weather_warning.not_found', 404, `no weather warning ${id}`, [
        { field: 'id', message: 'no such warning' },
      ]);
    }
    return row;
  }
}

function bboxOf(text: string | undefined): [number, number, number, number] | null {
  if (text === undefined) return null;
  const [x0, y0, x1, y1] = text.split(',').map(Number) as [number, number, number, number];
  const bad = [x0, y0, x1, y1].some((v) => !Number.isFinite(v)) || x0 > x1 || y0 > y1 || y0 < -90 || y1 > 90;
  if (bad || x0 < -180 || x1 > 180) {
    throw new AppError('validation.failed', 400, 'bbox must be minLon,minLat,maxLon,maxLat', [
      { field: 'bbox', message: 'minLon,minLat,maxLon,maxLat within ±180, ±90, min ≤ max' },
    ]);
  }
  return [x0, y0, x1, y1];
}

function toDto(w: WarningRow): WeatherWarning {
  return {
    id: w.id,
    identifier: w.identifier,
    sender: w.sender,
    sent: w.sent.toISOString(),
    msgType: w.msg_type as WeatherWarning['msgType'],
    status: w.status as WeatherWarning['status'],
    kind: w.kind,
    level: w.level,
    event: w.event,
    headline: w.headline,
    description: w.description,
    language: w.language,
    onset: w.onset?.toISOString() ?? null,
    expires: w.expires?.toISOString() ?? null,
    closedAt: w.closed_at?.toISOString() ?? null,
    closedReason: w.closed_reason,
    supersededBy: w.superseded_by,
    area: areaForMap(w),
    geocodes: w.geocodes,
    adminCodes: w.admin_codes,
  };
}
