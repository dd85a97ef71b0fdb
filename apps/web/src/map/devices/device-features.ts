import { nameIn } from '@thunderwatch/shared/names';
import type { Device, DeviceStatusName } from '@thunderwatch/shared/schemas/devices';
import type { FeatureCollection, Point } from 'geojson';
import type { NameLabel } from '../sites/name-labels-layer';

/** A status's colour on the chips and the map: green up, orange degraded, grey offline. */
export const STATUS_COLOURS: Record<DeviceStatusName, string> = {
  online: '#2e9e4f',
  degraded: '#ff8c00',
  offline: '#8a8f98',
};

/** The devices as map points coloured by status. */
export function deviceFeatures(
  devices: readonly Device[] | undefined,
): FeatureCollection<Point, { id: string; color: string; alert: boolean }> {
  return {
    type: 'FeatureCollection',
    features: (devices ?? []).map((d) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [d.lon, d.lat] },
      // An offline device gets the white ring that marks what needs attention.
      properties: { id: d.id, color: STATUS_COLOURS[d.status], alert: d.status === 'offline' },
    })),
  };
}

/** The corners of the devices' extent, or null without devices. */
export function deviceBounds(
  devices: readonly Device[] | undefined,
): [[number, number], [number, number]] | null {
  if (!devices || devices.length === 0) return null;
  const lons = devices.map((d) => d.lon);
  const lats = devices.map((d) => d.lat);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

/** What needs attention is named first where names crowd: offline, then degraded, then online. */
const STATUS_PRIORITY: Record<DeviceStatusName, number> = { offline: 2, degraded: 1, online: 0 };

/** Each device's name in the reader's language beside its dot, in its status colour. */
export function deviceLabels(devices: readonly Device[] | undefined, language: string): NameLabel[] {
  return (devices ?? []).map((d) => ({
    id: d.id,
    at: [d.lon, d.lat],
    name: nameIn(language, d),
    colour: STATUS_COLOURS[d.status],
    priority: STATUS_PRIORITY[d.status],
  }));
}
