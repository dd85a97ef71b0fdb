import { type Static, Type } from 'typebox';
import { MAX_ID, Nullable } from './kit.js';

export const WaveAlarmQuery = Type.Object(
  {
    active: Type.Optional(
      Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')], {
        description: '1: only alarms that still hold; 0: only cleared ones',
      }),
    ),
    group_id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Administrators: one group' }),
    ),
  },
  { additionalProperties: false },
);
export type WaveAlarmQuery = Static<typeof WaveAlarmQuery>;

export const WaveAlarm = Type.Object({
  id: Type.Integer(),
  station: Type.Object({
    id: Type.String(),
    name: Type.String(),
    name_en: Nullable(Type.String({ description: 'Its English name, null where none was given' })),
    lat: Type.Number(),
    lon: Type.Number(),
  }),
  location_id: Type.Integer(),
  location_name: Type.String(),
  location_name_en: Nullable(
    Type.String({ description: "The location's English name, null where it has none" }),
  ),
  group_id: Type.Integer(),
  level: Type.Union([Type.Literal(2), Type.Literal(3)], {
    description: '3 (red): the height reached 1.5 times the threshold when raised; 2 (orange): the threshold',
  }),
  distance_km: Type.Number({ description: 'From the station to the location' }),
  threshold_m: Type.Number(),
  height_m: Type.Number({ description: 'The latest significant wave height evaluated' }),
  max_height_m: Type.Number({ description: 'The highest since the alarm was raised' }),
  reading_at: Type.String({ format: 'date-time', description: 'Time of the latest height evaluated' }),
  raised_at: Type.String({ format: 'date-time' }),
  cleared_at: Nullable(Type.String({ format: 'date-time' })),
});
export type WaveAlarm = Static<typeof WaveAlarm>;

export const WaveAlarmList = Type.Object({ items: Type.Array(WaveAlarm) });
export type WaveAlarmList = Static<typeof WaveAlarmList>;
