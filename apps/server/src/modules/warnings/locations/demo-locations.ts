import { DEMO_SITES } from '@thunderwatch/domain/lightning/demo-sites';
import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import type { Queryable } from '../../../db/database.js';

/** The demo group's sites (packages/domain `lightning/demo-sites.ts`, which the simulator's measures share). */
export const DEMO_LOCATIONS = DEMO_SITES;

/** Gives the demo group its sites; part of the first start's transaction. */
export async function seedDemoLocations(tx: Queryable, groupSlug: string): Promise<void> {
  for (const site of DEMO_LOCATIONS) {
    await tx.query(
      `INSERT INTO locations (group_id, name, name_en, shape, time_zone, rings, is_airport, airport_icao)
       SELECT id, $2, $7, $3::jsonb, 'Asia/Shanghai', $4::jsonb, $5, $6 FROM groups WHERE slug = $1`,
      [
        groupSlug,
        site.name,
        JSON.stringify(site.shape),
        JSON.stringify(DEFAULT_RINGS),
        site.airportIcao !== undefined,
        site.airportIcao ?? null,
        site.nameEn,
      ],
    );
  }
}
