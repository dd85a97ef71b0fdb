import { cols, type TableDef, table } from '../admin-db-columns.js';

/**
 * Strokes and what is made from them: the ingest's log head, the cell tracker's steps, cells and state, radar
 * frames, and model runs with their outputs. Read only: every row is an ingest's or an engine's, rebuilt by
 * them, never typed in. Nothing here is secret. Large values (a step's GeoJSON, the tracker's memory, model
 * grids) show abbreviated in a page and whole in the item; packed frame values only as a size.
 */
export const LIGHTNING_TABLES: readonly TableDef[] = [
  table({
    name: 'strokes',
    key: null,
    big: { indexed: ['time', 'flash_id'] },
    order: 'time',
    columns: cols(`id:integer time:timestamp ns:integer lat:number lon:number peak_ka:number is_ic:boolean
      sensors:integer multiplicity:integer major_km:number minor_km:number ellipse_deg:number
      flash_id:integer source:text received_at:timestamp`),
  }),
  table({
    name: 'stroke_log_head',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer received_at:timestamp`),
  }),
  table({
    name: 'cell_steps',
    key: 'time',
    big: { indexed: ['time'] },
    order: 'time',
    columns: cols(`time:timestamp features:large cell_count:integer jumps:integer`),
  }),
  table({
    name: 'cells',
    key: null,
    big: { indexed: ['step_time', 'id'] },
    order: 'step_time',
    columns: cols(`step_time:timestamp id:text born_at:timestamp parents:json lat:number lon:number
      area_km2:number flash_rate:number cg_rate:number lifecycle:text jump:boolean`),
  }),
  table({
    name: 'cell_tracker_state',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer time:timestamp state:large`),
  }),
  // The hours of tracker steps run again for late or imported strokes, with each run's progress.
  table({
    name: 'cell_restep_blocks',
    key: 'block',
    order: 'block',
    columns: cols(`block:timestamp requested:integer requested_at:timestamp done:integer started_at:timestamp
      finished_at:timestamp through:timestamp steps:integer strokes:integer end_state:large error:text`),
  }),
  table({
    name: 'radar_frames',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer product:text time:timestamp source:text simulated:boolean quantity:text
      units:text period_min:integer lead_min:integer cols:integer rows:integer dtype:text projdef:text
      x0:number y0:number dx:number dy:number west:number south:number east:number north:number
      gain:number value_offset:number nodata:number undetect:number image_width:integer
      image_height:integer grid_file:text image_file:text bytes:integer hash:text created_at:timestamp
      source_cols:integer source_rows:integer source_block:integer`),
  }),
  table({
    name: 'model_runs',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer model_id:text status:text progress:integer reason:text reason_code:text
      reason_params:json trigger:text requested_by:integer node:text created_at:timestamp started_at:timestamp
      finished_at:timestamp valid_at:timestamp`),
  }),
  table({
    name: 'model_outputs',
    key: 'run_id',
    order: 'run_id',
    columns: cols(`run_id:integer grid:large frames:large facts:large features:large`),
  }),
  table({
    name: 'model_output_frames',
    key: null,
    order: 'run_id',
    columns: cols(`run_id:integer element:text from_min:integer to_min:integer data:bytes`),
  }),
];
