/**
 * A weather station's or buoy's name in the reader's language: its English name for an English reader where
 * it has one, else its own (`name`, the demo's in Chinese); a Chinese reader gets its own name, which is the
 * only one most stations have.
 */
export function stationName(station: { name: string; name_en?: string | null }, language: string): string {
  if (language.startsWith('zh')) return station.name;
  return station.name_en ?? station.name;
}
