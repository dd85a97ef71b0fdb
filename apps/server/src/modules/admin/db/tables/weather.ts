import { cols, type TableDef, table } from '../admin-db-columns.js';

/**
 * Typhoons, weather stations with their observations and wave readings, official (CAP) weather warnings,
 * and aircraft positions (the alarms they raise are rows of `alarms`). Read only: all of it is received or
 * evaluated, and the next ingest or evaluation would write over an edit. Nothing here is secret. A CAP
 * alert's XML (≤ 2 MB) and area (≤ 4 MB) show abbreviated in a page and whole in the item. Observations,
 * wave readings and aircraft positions are partitioned by day (big: sorted and filtered by key columns).
 */
export const WEATHER_TABLES: readonly TableDef[] = [
  table({
    name: 'typhoon_storms',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer key:text format:text basin:text year:integer number:text name_en:text
      name_zh:text ended:boolean source:text forecast_base:timestamp created_at:timestamp
      updated_at:timestamp`),
  }),
  table({
    name: 'typhoon_track_points',
    key: null,
    order: 'time',
    columns: cols(`storm_id:integer time:timestamp lat:number lon:number pressure_hpa:integer
      wind_ms:number grade:text radii:json`),
  }),
  table({
    name: 'typhoon_forecast_points',
    key: null,
    order: 'time',
    columns: cols(`storm_id:integer lead_h:integer time:timestamp lat:number lon:number
      pressure_hpa:integer wind_ms:number grade:text radii:json`),
  }),
  table({
    name: 'weather_stations',
    key: 'id',
    order: 'updated_at',
    columns: cols(`id:text name:text name_en:text lat:number lon:number elevation_m:number source:text
      updated_at:timestamp`),
  }),
  table({
    name: 'observations',
    key: null,
    big: { indexed: ['time', 'station_id'] },
    order: 'time',
    columns: cols(`station_id:text time:timestamp temperature:number humidity:number pressure:number
      wind_speed:number wind_dir:number wind_gust:number precipitation:number visibility:number
      source:text received_at:timestamp`),
  }),
  table({
    name: 'wave_readings',
    key: null,
    big: { indexed: ['time', 'station_id'] },
    order: 'time',
    columns: cols(`station_id:text time:timestamp wave_height:number dominant_period:number
      average_period:number mean_direction:number wind_dir:number wind_speed:number wind_gust:number
      pressure:number air_temp:number water_temp:number source:text received_at:timestamp`),
  }),
  table({
    name: 'weather_warnings',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer identifier:text sender:text sent:timestamp msg_type:text status:text scope:text
      kind:text level:text event:text headline:text description:text area_desc:text language:text
      languages:array urgency:text severity:text certainty:text onset:timestamp expires:timestamp
      closed_at:timestamp closed_reason:text superseded_by:integer area:large circles:json
      min_lon:number min_lat:number max_lon:number max_lat:number admin_codes:array geocodes:array
      signer:text raw_xml:large feed_id:integer received_at:timestamp life_key:text`),
  }),
  table({
    name: 'aircraft_positions',
    key: null,
    big: { indexed: ['time', 'icao24'] },
    order: 'time',
    columns: cols(`icao24:text time:timestamp lat:number lon:number altitude_m:number on_ground:boolean
      speed_ms:number track_deg:number vertical_rate_ms:number callsign:text squawk:text source:text
      received_at:timestamp`),
  }),
];
