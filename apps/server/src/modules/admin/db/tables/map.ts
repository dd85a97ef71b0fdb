import { cols, type TableDef, table, text, withEdits } from '../admin-db-columns.js';

/**
 * What the map draws besides the weather: the administrative regions (loaded from the boundary file at
 * start, read only: a wrong row is fixed by reloading the file), groups' custom layers and saved scenes.
 * Layer and scene names are editable; geometry, views and owners are not. A layer's GeoJSON (≤ 2 MB) and
 * the regions' boundaries show abbreviated in a page and whole in the item.
 *
 * Masked: custom_layers.url (a tile or WMS URL often carries the provider's API key, `?key=` or
 * `access_token=`; the layers screen shows it to the group that owns it).
 */
export const MAP_TABLES: readonly TableDef[] = [
  table({
    name: 'regions',
    key: null,
    order: 'code',
    columns: cols(`code:text level:text parent:text name_zh:text name_en:text west:number south:number
      east:number north:number area_km2:number geometry_simplified:large geometry_full:large
      source_hash:text`),
  }),
  table({
    name: 'custom_layers',
    key: 'id',
    order: 'id',
    columns: withEdits(
      cols(`id:integer group_id:integer name:text kind:text geojson:large url:text! attribution:text
      color:text opacity:number created_by:integer created_at:timestamp updated_at:timestamp`),
      { name: text(100) },
    ),
  }),
  table({
    name: 'scenes',
    key: 'id',
    order: 'id',
    columns: withEdits(
      cols(`id:integer group_id:integer owner_id:integer name:text shared:boolean view:json rotation:json
      created_at:timestamp updated_at:timestamp`),
      { name: text(100) },
    ),
  }),
];
