import { BOOL, cols, int, type TableDef, table, text, withEdits } from '../admin-db-columns.js';

/**
 * Zones and locations, the lightning warning engine (its episodes, level changes and stored state), the
 * alarms of every kind, the cities' disaster warnings and the gale screen's decision checklists. Nothing
 * here is secret.
 * Only names, a location's enabled flag and the checklist's wording and order are editable: the rest is
 * the engines' record.
 */
export const WARNING_TABLES: readonly TableDef[] = [
  table({
    name: 'zones',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer group_id:integer name:text geometry:json area_km2:number created_by:integer
      created_at:timestamp updated_at:timestamp`),
  }),
  table({
    name: 'locations',
    key: 'id',
    order: 'id',
    columns: withEdits(
      cols(`id:integer group_id:integer name:text shape:json zone_id:integer time_zone:text
      enabled:boolean rings:json created_by:integer created_at:timestamp updated_at:timestamp
      deleted_at:timestamp predict_enabled:boolean predict_range_km:number predict_level:integer
      wave_alert_cm:integer is_airport:boolean airport_icao:text name_en:text`),
      { name: text(100), name_en: text(100, { nullable: true }), enabled: BOOL },
    ),
  }),
  table({
    name: 'alerts',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer location_id:integer group_id:integer started_at:timestamp ended_at:timestamp
      peak_level:integer first_stroke:json nearest_km:number ring_counts:json timeline:json
      predicted:boolean ring_at:timestamp`),
  }),
  table({
    name: 'alarms',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer alert_id:integer location_id:integer group_id:integer level:integer
      previous_level:integer created_at:timestamp nearest_km:number bearing_deg:number
      confirmed_at:timestamp confirmed_by:integer note:text predicted_by:json kind:text subject:text
      facts:json updated_at:timestamp cleared_at:timestamp`),
  }),
  table({
    name: 'warning_events',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer location_id:integer group_id:integer alert_id:integer at:timestamp
      from_level:integer to_level:integer`),
  }),
  table({
    name: 'warning_states',
    key: 'location_id',
    order: 'updated_at',
    columns: cols(`location_id:integer group_id:integer level:integer state:large updated_at:timestamp
      predicted:json`),
  }),
  table({
    name: 'warning_engine',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer watermark:timestamp`),
  }),
  table({
    name: 'disaster_warnings',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer region:text level:integer peak_level:integer factors:json issued_at:timestamp
      updated_at:timestamp cleared_at:timestamp`),
  }),
  table({
    name: 'disaster_evaluations',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer evaluated_at:timestamp`),
  }),
  table({
    name: 'decision_checklist_items',
    key: 'id',
    order: 'id',
    columns: withEdits(
      cols(`id:integer level:text position:integer text_zh:text text_en:text updated_by:integer
      updated_at:timestamp`),
      { position: int(0, 1000), text_zh: text(200), text_en: text(200) },
    ),
  }),
  table({
    name: 'decision_checklist_ticks',
    key: null,
    order: 'ticked_at',
    columns: cols(`group_id:integer situation:text item_id:integer ticked_by:integer ticked_by_name:text
      ticked_at:timestamp`),
  }),
];
