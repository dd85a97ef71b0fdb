/**
 * A stored warning as a CAP 1.2 alert for downstream systems, valid against the OASIS schema: the sender's
 * own identity (sender, identifier, sent), references to the messages it superseded, one `info` in the
 * stored language with the CMA colour as a `warning_colour` parameter, and one `area` with the polygons
 * (their holes as DWD-style EXCLUDE_POLYGON geocodes), circles and geocodes.
 */
import { circleRing } from '@thunderwatch/domain/weather/cap-area';
import XMLBuilder from 'fast-xml-builder';
import { CAP_NAMESPACE, capTime } from '../../../lib/cap-format.js';
import type { WarningRow } from './weather-warnings-repo.js';

const coord = (v: number) => String(Number(v.toFixed(6)));
const ring = (r: readonly (readonly number[])[]) =>
  r.map(([lon, lat]) => `${coord(lat ?? 0)},${coord(lon ?? 0)}`).join(' ');

export function warningToCap(
  w: WarningRow,
  references: readonly { sender: string; identifier: string; sent: Date }[],
): string {
  const polygons = w.area?.coordinates ?? [];
  const geocodes = [
    ...polygons.flatMap((p) =>
      p.slice(1).map((hole) => ({ valueName: 'EXCLUDE_POLYGON', value: ring(hole) })),
    ),
    ...w.admin_codes.map((value) => ({ valueName: 'GB/T 2260', value })),
    ...w.geocodes.map((g) => {
      const i = g.indexOf('=');
      return { valueName: g.slice(0, i), value: g.slice(i + 1) };
    }),
  ];
  const info = {
    language: w.language,
    category: 'Met',
    event: w.event || w.kind,
    urgency: w.urgency,
    severity: w.severity,
    certainty: w.certainty,
    ...(w.onset ? { onset: capTime(w.onset) } : {}),
    ...(w.expires ? { expires: capTime(w.expires) } : {}),
    ...(w.headline ? { headline: w.headline } : {}),
    ...(w.description ? { description: w.description } : {}),
    parameter: [{ valueName: 'warning_colour', value: w.level }],
    area: {
      areaDesc: w.area_desc || w.headline || w.event || 'area',
      polygon: polygons.map((p) => ring(p[0] ?? [])),
      circle: w.circles.map((c) => `${coord(c.lat)},${coord(c.lon)} ${Number(c.radiusKm.toFixed(3))}`),
      geocode: geocodes,
    },
  };
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    alert: {
      '@_xmlns': CAP_NAMESPACE,
      identifier: w.identifier,
      sender: w.sender,
      sent: capTime(w.sent),
      status: w.status,
      msgType: w.msg_type,
      scope: w.scope === 'Public' ? 'Public' : 'Restricted',
      ...(w.scope === 'Public' ? {} : { restriction: 'As restricted by the original sender' }),
      ...(references.length > 0
        ? { references: references.map((r) => `${r.sender},${r.identifier},${capTime(r.sent)}`).join(' ') }
        : {}),
      ...(w.msg_type === 'Cancel' ? {} : { info }),
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true }).build(doc);
}

/** Circles as polygons for maps: the area as one MultiPolygon (null when only geocodes). */
export function areaForMap(
  w: Pick<WarningRow, 'area' | 'circles'>,
): { type: 'MultiPolygon'; coordinates: number[][][][] } | null {
  const polygons: number[][][][] = [...(w.area?.coordinates ?? []), ...w.circles.map((c) => [circleRing(c)])];
  return polygons.length > 0 ? { type: 'MultiPolygon', coordinates: polygons } : null;
}
