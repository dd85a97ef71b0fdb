import { cols, type TableDef, table, text, withEdits } from '../admin-db-columns.js';

/**
 * A group's own equipment: detection stations and field devices with their status history, and sensors
 * with their readings and per-minute rollups (both partitioned by day, so big: sorted and filtered by their
 * key columns only). Names, models, serials, firmware and a sensor's status are editable; heartbeats,
 * readings and rollups are the ingest's. Nothing here is secret.
 */
export const EQUIPMENT_TABLES: readonly TableDef[] = [
  table({
    name: 'devices',
    key: 'id',
    order: 'created_at',
    columns: withEdits(
      cols(`id:text group_id:integer name:text kind:text model:text serial:text lat:number lon:number
      installed_at:timestamp firmware:text status:text status_reasons:array
      status_since:timestamp last_heartbeat:json last_heartbeat_at:timestamp
      created_at:timestamp name_en:text`),
      {
        name: text(100),
        name_en: text(100, { nullable: true }),
        model: text(100),
        serial: text(100),
        firmware: text(100),
      },
    ),
  }),
  table({
    name: 'device_status_history',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer device_id:text status:text reasons:array at:timestamp`),
  }),
  table({
    name: 'sensors',
    key: 'id',
    order: 'created_at',
    columns: withEdits(
      cols(`id:text group_id:integer location_id:integer kind:text name:text lat:number lon:number
      status:text last_time:timestamp last_values:array created_at:timestamp
      updated_at:timestamp`),
      { name: text(100), status: text(20, { values: ['active', 'maintenance', 'disabled'] }) },
    ),
  }),
  table({
    name: 'sensor_readings',
    key: null,
    big: { indexed: ['time', 'sensor_id'] },
    order: 'time',
    columns: cols(`sensor_id:text time:timestamp field:number wind_speed:number wind_dir:number
      temperature:number humidity:number pressure:number rain:number source:text
      received_at:timestamp`),
  }),
  table({
    name: 'sensor_minutes',
    key: null,
    big: { indexed: ['time', 'sensor_id'] },
    order: 'time',
    columns: cols(`sensor_id:text element:integer time:timestamp n:integer sum:number min:number
      max:number`),
  }),
];
