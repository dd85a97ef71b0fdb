import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Queryable } from '../../../db/database.js';

/**
 * Sites of the demo group inside the simulator's region (storms drifting over South China), so that a
 * newcomer sees warnings rise and clear with the simulated storms.
 */
export const DEMO_LOCATIONS: { name: string; shape: LocationShape; airportIcao?: string }[] = [
  {
    name: '广州白云国际机场 (Guangzhou Baiyun Airport)',
    airportIcao: 'ZGGG',
    shape: { type: 'Point', coordinates: [113.2988, 23.3924] },
  },
  { name: '深圳盐田港 (Shenzhen Yantian Port)', shape: { type: 'Point', coordinates: [114.275, 22.575] } },
  {
    name: '东莞 500 kV 变电站 (Dongguan 500 kV substation)',
    shape: { type: 'Point', coordinates: [113.75, 23.02] },
  },
  {
    name: '华南理工大学五山校区 (SCUT Wushan campus)',
    shape: {
      type: 'Polygon',
      coordinates: [
        [
          [113.338, 23.148],
          [113.356, 23.148],
          [113.356, 23.162],
          [113.338, 23.162],
          [113.338, 23.148],
        ],
      ],
    },
  },
];

/** Gives the demo group its sites; part of the first start's transaction. */
export async function seedDemoLocations(tx: Queryable, groupSlug: string): Promise<void> {
  for (const site of DEMO_LOCATIONS) {
    await tx.query(
      `INSERT INTO locations (group_id, name, shape, time_zone, rings, is_airport, airport_icao)
       SELECT id, $2, $3::jsonb, 'Asia/Shanghai', $4::jsonb, $5, $6 FROM groups WHERE slug = $1`,
      [
        groupSlug,
        site.name,
        JSON.stringify(site.shape),
        JSON.stringify(DEFAULT_RINGS),
        site.airportIcao !== undefined,
        site.airportIcao ?? null,
      ],
    );
  }
}
