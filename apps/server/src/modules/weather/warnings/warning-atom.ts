import XMLBuilder from 'fast-xml-builder';
import type { WarningRow } from './weather-warnings-repo.js';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/**
 * The group's warnings as an Atom feed for downstream systems: one entry per warning, newest first, its
 * CAP export linked (`rel="alternate"`, application/cap+xml), its state in the categories.
 */
export function warningsAtom(
  rows: readonly WarningRow[],
  ctx: { baseUrl: string; groupId: number | null; now: Date },
): string {
  const updated = rows[0]?.sent ?? ctx.now;
  const entries = rows.map((w) => ({
    id: `${ctx.baseUrl}/api/weather/warning/${w.id}`,
    title: w.headline ?? w.event,
    updated: w.closed_at && w.closed_at > w.sent ? w.closed_at.toISOString() : w.sent.toISOString(),
    published: w.sent.toISOString(),
    author: { name: w.sender },
    category: [
      { '@_term': w.kind, '@_scheme': 'urn:thunderwatch:weather-warning:kind' },
      { '@_term': w.level, '@_scheme': 'urn:thunderwatch:weather-warning:level' },
      { '@_term': w.closed_reason ?? 'active', '@_scheme': 'urn:thunderwatch:weather-warning:state' },
    ],
    link: {
      '@_rel': 'alternate',
      '@_type': 'application/cap+xml',
      '@_href': `${ctx.baseUrl}/api/weather/warning/${w.id}/cap`,
    },
    summary: w.description ?? w.event,
  }));
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      id: `${ctx.baseUrl}/api/weather/warning/feed.atom${ctx.groupId === null ? '' : `?group_id=${ctx.groupId}`}`,
      title: 'Thunderwatch weather warnings',
      updated: updated.toISOString(),
      link: { '@_rel': 'self', '@_href': `${ctx.baseUrl}/api/weather/warning/feed.atom` },
      entry: entries,
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true }).build(doc);
}
