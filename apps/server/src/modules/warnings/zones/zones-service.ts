import { geodesicAreaKm2 } from '@thunderwatch/domain/geo/geodesic';
import { parseZoneImport } from '@thunderwatch/domain/geo/zone-import';
import { isValidPolygon, validatePolygon } from '@thunderwatch/domain/geo/zone-validation';
import type { PolygonGeometry } from '@thunderwatch/shared/schemas/geo';
import type { ZoneDto, ZoneInput } from '@thunderwatch/shared/schemas/zones';
import type { Database } from '../../../db/database.js';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope, writeGroup } from '../../../lib/group-scope.js';
import type { ZoneChanges } from './zone-changes.js';
import type { ZoneFields, ZonesRepo } from './zones-repo.js';

export interface ZonesServiceDeps {
  db: Database;
  zones: ZonesRepo;
  groupExists: (id: number) => Promise<boolean>;
  /** Where a zone's edits go to what is made from it (locations), in the zone's transaction. */
  changes: ZoneChanges;
  now: () => Date;
}

const notFound = () => new AppError('zone.not_found', 404, 'No such zone');

/** A valid polygon with its geodesic area, or a 400 naming each problem under `geometry/…`. */
function fieldsOf(input: ZoneInput): ZoneFields {
  if (!isValidPolygon(input.geometry)) {
    const issues = validatePolygon(input.geometry);
    const details = issues.map((i) => ({ field: `geometry/${i.path}`, message: i.message }));
    throw new AppError(
      'zone.invalid',
      400,
      details.map((d) => `${d.field} ${d.message}`).join('; '),
      details,
    );
  }
  const geometry: PolygonGeometry = { type: 'Polygon', coordinates: input.geometry.coordinates };
  return { name: input.name.trim(), geometry, areaKm2: geodesicAreaKm2(geometry.coordinates) };
}

/** Named polygons of a group, drawn or imported, from which polygon locations are made. */
export class ZonesService {
  constructor(private readonly d: ZonesServiceDeps) {}

  async list(user: AuthUser, q: { group_id?: number; q?: string; limit: number; offset: number }) {
    requirePermission(user, 'location.read');
    return this.d.zones.list({
      groupId: readScope(user, q.group_id),
      q: q.q,
      limit: q.limit,
      offset: q.offset,
    });
  }

  async get(user: AuthUser, id: number): Promise<ZoneDto> {
    requirePermission(user, 'location.read');
    const zone = await this.d.zones.get(id, readScope(user, undefined));
    if (!zone) throw notFound();
    return zone;
  }

  async create(user: AuthUser, input: ZoneInput, groupId?: number): Promise<ZoneDto> {
    requirePermission(user, 'zone.update');
    const group = await writeGroup(user, groupId, this.d.groupExists);
    return this.d.zones.create(group, fieldsOf(input), user.id);
  }

  /** A new polygon reaches what is made from the zone (locations) in the same transaction. */
  async update(user: AuthUser, id: number, input: ZoneInput): Promise<ZoneDto> {
    requirePermission(user, 'zone.update');
    const fields = fieldsOf(input);
    const scope = readScope(user, undefined);
    const { zone, afterCommit } = await this.d.db.transaction(async (tx) => {
      if (!(await this.d.zones.get(id, scope, tx))) throw notFound();
      const at = this.d.now();
      const zone = (await this.d.zones.update(id, fields, at, tx)) as ZoneDto;
      const change = { type: 'reshape', zoneId: id, geometry: zone.geometry, at } as const;
      return { zone, afterCommit: await this.d.changes.publish(tx, change) };
    });
    afterCommit();
    return zone;
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    requirePermission(user, 'zone.update');
    const scope = readScope(user, undefined);
    await this.d.db.transaction(async (tx) => {
      if (!(await this.d.zones.get(id, scope, tx))) throw notFound();
      await this.d.changes.publish(tx, { type: 'delete', zoneId: id });
      await this.d.zones.delete(id, tx);
    });
  }

  /** All or nothing: any bad feature refuses the whole file, naming the feature and the problem. */
  async import(user: AuthUser, doc: unknown, groupId?: number): Promise<{ created: ZoneDto[] }> {
    requirePermission(user, 'zone.update');
    const group = await writeGroup(user, groupId, this.d.groupExists);
    const parsed = parseZoneImport(doc);
    if (!parsed.ok) {
      const message = parsed.issues
        .slice(0, 5)
        .map((i) => `${i.field}: ${i.message}`)
        .join('; ');
      throw new AppError('zone.invalid', 400, message, parsed.issues);
    }
    const created = await this.d.db.transaction(async (tx) => {
      const out: ZoneDto[] = [];
      for (const z of parsed.zones) {
        const fields = {
          name: z.name,
          geometry: z.geometry,
          areaKm2: geodesicAreaKm2(z.geometry.coordinates),
        };
        out.push(await this.d.zones.create(group, fields, user.id, tx));
      }
      return out;
    });
    return { created };
  }

  /** The scope's zones as a GeoJSON FeatureCollection that `import` reads back. */
  async export(user: AuthUser, groupId?: number) {
    requirePermission(user, 'location.read');
    const zones = await this.d.zones.all(readScope(user, groupId));
    return {
      type: 'FeatureCollection' as const,
      features: zones.map((z) => ({
        type: 'Feature' as const,
        properties: { id: z.id, name: z.name, group_id: z.group_id, area_km2: z.area_km2 },
        geometry: z.geometry,
      })),
    };
  }
}
