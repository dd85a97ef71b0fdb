import { isValidShape, validateShape } from '@thunderwatch/domain/geo/zone-validation';
import {
  DEFAULT_PREDICT,
  mergePredict,
  resolvePredict,
  validatePredict,
} from '@thunderwatch/domain/warnings/predict-setting';
import { areValidRings, sortRings, validateRings } from '@thunderwatch/domain/warnings/ring-validation';
import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import { englishName } from '@thunderwatch/shared/names';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { LocationDto, LocationInput } from '@thunderwatch/shared/schemas/locations';
import type { Level } from '@thunderwatch/shared/warnings';
import type { Database, Queryable } from '../../../db/database.js';
import { type AuthUser, groupScope, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope, writeGroup } from '../../../lib/group-scope.js';
import { assertTimeZone } from '../../accounts/users/users-service.js';
import type { ZonesRepo } from '../zones/zones-repo.js';
import type { LocationChanges } from './location-changes.js';
import { type LocationFields, type LocationsRepo, type StoredLocation, toRecord } from './locations-repo.js';

export interface LocationQuery {
  group_id?: number;
  enabled?: boolean;
  q?: string;
  limit: number;
  offset: number;
}

export interface LocationsServiceDeps {
  db: Pick<Database, 'transaction'>;
  locations: LocationsRepo;
  zones: Pick<ZonesRepo, 'get'>;
  groupExists: (id: number) => Promise<boolean>;
  changes: LocationChanges;
  /** The live warning levels of locations (wired to the warning engine, or its stored states on a standby). */
  levels?: (ids: readonly number[]) => Promise<(locationId: number) => Level>;
  now: () => Date;
}

/** A location's settings as read or written, without its live warning level (not known inside a transaction). */
export type LocationSettings = Omit<LocationDto, 'level'>;

/**
 * What is written together with an edit of a location, in its transaction (an audit entry): it sees the
 * location before and after the edit, and whatever it throws undoes the edit.
 */
export type LocationEditWith = (
  tx: Queryable,
  edit: { before: LocationSettings; after: LocationSettings },
) => Promise<void>;

const notFound = () => new AppError('location.not_found', 404, 'No such location');
const invalidShape = (field: string, message: string) =>
  new AppError('location.invalid_shape', 400, `${field} ${message}`, [{ field, message }]);

/** Sites watched for lightning: a point or polygon of a group, its rings, time zone and enabled flag. */
export class LocationsService {
  constructor(private readonly d: LocationsServiceDeps) {}

  private async dtos(stored: readonly StoredLocation[]): Promise<LocationDto[]> {
    const levelOf = this.d.levels ? await this.d.levels(stored.map((s) => s.id)) : () => 0 as const;
    return stored.map((s) => toDto(s, levelOf));
  }

  private async dto(stored: StoredLocation): Promise<LocationDto> {
    return (await this.dtos([stored]))[0] as LocationDto;
  }

  async list(user: AuthUser, q: LocationQuery): Promise<{ items: LocationDto[]; total: number }> {
    requirePermission(user, 'location.read');
    const groupId = readScope(user, q.group_id);
    const page = await this.d.locations.list({
      groupId,
      enabled: q.enabled,
      q: q.q,
      limit: q.limit,
      offset: q.offset,
    });
    return { items: await this.dtos(page.items), total: page.total };
  }

  async get(user: AuthUser, id: number): Promise<LocationDto> {
    requirePermission(user, 'location.read');
    const found = await this.d.locations.get(id, readScope(user, undefined));
    if (!found) throw notFound();
    return this.dto(found);
  }

  /**
   * Every live location the caller sees, for the map: their own group's, or every group's for an admin (the
   * same set as the board and the location list).
   */
  async onMap(user: AuthUser): Promise<LocationDto[]> {
    requirePermission(user, 'location.read');
    return this.dtos(await this.d.locations.ofGroup(groupScope(user)));
  }

  async create(user: AuthUser, input: LocationInput, groupId?: number): Promise<LocationDto> {
    requirePermission(user, 'location.update');
    const group = await writeGroup(user, groupId, this.d.groupExists);
    const timeZone = input.time_zone ?? (await this.d.locations.userTimeZone(user.id)) ?? 'Asia/Shanghai';
    const fields = await this.fieldsOf(input, group, {
      timeZone,
      enabled: true,
      rings: [...DEFAULT_RINGS],
      predict: DEFAULT_PREDICT,
      waveAlertCm: null,
      isAirport: false,
      airportIcao: null,
    });
    const created = await this.d.locations.create(group, fields, user.id, undefined, this.d.now());
    this.d.changes.publish({ type: 'upsert', location: toRecord(created) });
    return this.dto(created);
  }

  /**
   * Fields left out keep their values; a new `shape` drops the zone link, a new `zone_id` re-copies it. One
   * transaction, with whatever `alsoWrite` writes beside it; the engine hears of the change after it commits.
   * `input` may be made from the location as read in that transaction (a caller changing some settings keeps
   * its name as it is then, not as it read it before).
   */
  async update(
    user: AuthUser,
    id: number,
    input: LocationInput | ((current: { name: string }) => LocationInput),
    alsoWrite?: LocationEditWith,
  ): Promise<LocationDto> {
    requirePermission(user, 'location.update');
    const scope = readScope(user, undefined);
    const updated = await this.d.db.transaction(async (tx) => {
      const current = await this.d.locations.get(id, scope, tx);
      if (!current) throw notFound();
      const fields = await this.fieldsOf(
        typeof input === 'function' ? input(current) : input,
        current.groupId,
        current,
        tx,
      );
      const row = await this.d.locations.update(id, fields, this.d.now(), tx);
      if (!row) throw notFound();
      await alsoWrite?.(tx, { before: settingsOf(current), after: settingsOf(row) });
      return row;
    });
    this.d.changes.publish({ type: 'upsert', location: toRecord(updated) });
    return this.dto(updated);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    requirePermission(user, 'location.update');
    const deleted = await this.d.locations.softDelete(id, readScope(user, undefined), this.d.now());
    if (!deleted) throw notFound();
    this.d.changes.publish({ type: 'delete', id: deleted.id, groupId: deleted.groupId });
  }

  private async fieldsOf(
    input: LocationInput,
    groupId: number,
    base: Omit<LocationFields, 'name' | 'nameEn' | 'shape' | 'zoneId'> &
      Partial<Pick<LocationFields, 'nameEn' | 'shape' | 'zoneId'>>,
    tx?: Queryable,
  ): Promise<LocationFields> {
    const rings = input.rings ?? base.rings;
    if (!areValidRings(rings)) {
      const ringIssues = validateRings(rings);
      const message = ringIssues.map((i) => `${i.field} ${i.message}`).join('; ');
      throw new AppError('location.invalid_rings', 400, message, ringIssues);
    }
    const predictIssues = input.predict ? validatePredict(input.predict) : [];
    if (predictIssues.length > 0) {
      const message = predictIssues.map((i) => `${i.field} ${i.message}`).join('; ');
      throw new AppError('location.invalid_predict', 400, message, predictIssues);
    }
    const timeZone = input.time_zone ?? base.timeZone;
    assertTimeZone(timeZone);
    const { shape, zoneId } = await this.shapeOf(input, groupId, base, tx);
    return {
      name: input.name.trim(),
      // Left out: kept (a new site has none); null or blank: none.
      nameEn: input.name_en === undefined ? (base.nameEn ?? null) : englishName(input.name_en),
      shape,
      zoneId,
      timeZone,
      enabled: input.enabled ?? base.enabled,
      rings: sortRings(rings),
      predict: mergePredict(base.predict, input.predict),
      waveAlertCm: input.wave_alert_cm === undefined ? base.waveAlertCm : input.wave_alert_cm,
      isAirport: input.is_airport ?? base.isAirport,
      airportIcao: input.airport_icao === undefined ? base.airportIcao : input.airport_icao,
    };
  }

  private async shapeOf(
    input: LocationInput,
    groupId: number,
    current: Partial<Pick<LocationFields, 'shape' | 'zoneId'>>,
    tx?: Queryable,
  ): Promise<{ shape: LocationShape; zoneId: number | null }> {
    if (input.shape && input.zone_id !== undefined)
      throw invalidShape('zone_id', 'give either shape or zone_id');
    const { shape } = input;
    if (shape) {
      if (!isValidShape(shape)) {
        const details = validateShape(shape).map((i) => ({ field: `shape/${i.path}`, message: i.message }));
        const message = details.map((i) => `${i.field} ${i.message}`).join('; ');
        throw new AppError('location.invalid_shape', 400, message, details);
      }
      return { shape, zoneId: null };
    }
    if (input.zone_id !== undefined) {
      const zone = await this.d.zones.get(input.zone_id, groupId, tx);
      if (!zone) throw invalidShape('zone_id', "is not one of the location's group's zones");
      return { shape: zone.geometry, zoneId: zone.id };
    }
    if (current.shape) return { shape: current.shape, zoneId: current.zoneId ?? null };
    throw invalidShape('shape', 'is required (or a zone_id)');
  }
}

function settingsOf(s: StoredLocation): LocationSettings {
  const { level: _, ...settings } = toDto(s, () => 0);
  return settings;
}

function toDto(s: StoredLocation, levelOf: (locationId: number) => Level): LocationDto {
  return {
    id: s.id,
    group_id: s.groupId,
    name: s.name,
    name_en: s.nameEn,
    shape: s.shape,
    zone_id: s.zoneId,
    time_zone: s.timeZone,
    enabled: s.enabled,
    rings: s.rings,
    predict: (({ enabled, rangeKm, level }) => ({ enabled, range_km: rangeKm, level }))(
      resolvePredict(s.predict, s.rings),
    ),
    wave_alert_cm: s.waveAlertCm,
    is_airport: s.isAirport,
    airport_icao: s.airportIcao,
    level: s.enabled ? levelOf(s.id) : 0,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}
