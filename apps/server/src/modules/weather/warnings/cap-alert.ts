/**
 * One CAP 1.2 `<alert>` element as a warning: identity, references, the preferred info's texts (zh, else
 * en, else the first `<info>`), the CMA kind and colour, times and the area of that info. Other languages stay
 * in the stored XML only. Texts are cut to their column bounds; identity fields too long are refused.
 */
import { buildCapArea, type CapArea, type CapAreaInput } from '@thunderwatch/domain/weather/cap-area';
import { type ValuePair, warningKindOf, warningLevelOf } from '@thunderwatch/domain/weather/cap-kinds';
import type { WeatherWarningKind, WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import type { Element } from '@xmldom/xmldom';
import { childElements, childText } from './cap-xml.js';

export interface CapReference {
  sender: string;
  identifier: string;
  sent: Date;
}

export interface ParsedAlert {
  identifier: string;
  sender: string;
  sent: Date;
  status: string;
  msgType: string;
  scope: string;
  references: CapReference[];
  language: string;
  languages: string[];
  event: string;
  headline: string | null;
  description: string | null;
  areaDesc: string | null;
  urgency: string;
  severity: string;
  certainty: string;
  kind: WeatherWarningKind;
  level: WeatherWarningLevel;
  onset: Date | null;
  expires: Date | null;
  area: CapArea;
}

export const CAP_TEXT_LIMITS = {
  id: 256,
  event: 200,
  headline: 500,
  description: 8000,
  areaDesc: 2000,
} as const;

const cut = (s: string | null, n: number) => (s === null || s.length <= n ? s : `${s.slice(0, n - 1)}…`);

function time(text: string | null): Date | null {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

function pairs(info: Element, name: string): ValuePair[] {
  return childElements(info)
    .filter((e) => e.localName === name)
    .map((e) => ({ valueName: childText(e, 'valueName') ?? '', value: childText(e, 'value') ?? '' }));
}

/** `sender,identifier,sent` triples separated by whitespace. */
export function parseReferences(text: string): CapReference[] | string {
  const out: CapReference[] = [];
  for (const triple of text.trim().split(/\s+/).filter(Boolean)) {
    const [sender, identifier, sent, extra] = triple.split(',');
    const at = time(sent ?? null);
    if (!sender || !identifier || !at || extra !== undefined) return `bad reference "${triple.slice(0, 80)}"`;
    out.push({ sender, identifier, sent: at });
  }
  return out;
}

function preferredInfo(infos: Element[]): Element | undefined {
  const lang = (i: Element) => (childText(i, 'language') ?? 'en-US').toLowerCase();
  return (
    infos.find((i) => lang(i).startsWith('zh')) ?? infos.find((i) => lang(i).startsWith('en')) ?? infos[0]
  );
}

/** The alert, or why it is refused. The schema check has run before: required elements are there. */
export function readAlert(alert: Element): ParsedAlert | string {
  const identifier = childText(alert, 'identifier') ?? '';
  const sender = childText(alert, 'sender') ?? '';
  if (identifier.length > CAP_TEXT_LIMITS.id)
    return `identifier longer than ${CAP_TEXT_LIMITS.id} characters`;
  if (sender.length > CAP_TEXT_LIMITS.id) return `sender longer than ${CAP_TEXT_LIMITS.id} characters`;
  const sent = time(childText(alert, 'sent'));
  if (!sent) return 'sent is not a time';
  const references = parseReferences(childText(alert, 'references') ?? '');
  if (typeof references === 'string') return references;
  const msgType = childText(alert, 'msgType') ?? '';
  if ((msgType === 'Update' || msgType === 'Cancel') && references.length === 0) {
    return `${msgType} without references`;
  }
  const infos = childElements(alert).filter((e) => e.localName === 'info');
  const info = preferredInfo(infos);
  if (!info && msgType !== 'Cancel') return 'the alert has no info';
  const areaInputs: CapAreaInput[] = info
    ? childElements(info)
        .filter((e) => e.localName === 'area')
        .map((a) => ({
          polygons: childElements(a)
            .filter((e) => e.localName === 'polygon')
            .map((e) => e.textContent ?? ''),
          circles: childElements(a)
            .filter((e) => e.localName === 'circle')
            .map((e) => e.textContent ?? ''),
          geocodes: pairs(a, 'geocode'),
        }))
    : [];
  const area = buildCapArea(areaInputs);
  if (typeof area === 'string') return area;
  const event = info ? (childText(info, 'event') ?? '') : '';
  const headline = info ? childText(info, 'headline') || null : null;
  const severity = info ? (childText(info, 'severity') ?? 'Unknown') : 'Unknown';
  // Every area's description, once each (DWD names each commune), cut to the column.
  const areaDescs = info
    ? [
        ...new Set(
          childElements(info)
            .filter((e) => e.localName === 'area')
            .map((a) => childText(a, 'areaDesc') ?? ''),
        ),
      ]
    : [];
  return {
    identifier,
    sender,
    sent,
    status: childText(alert, 'status') ?? '',
    msgType,
    scope: childText(alert, 'scope') ?? 'Public',
    references,
    language: info ? (childText(info, 'language') ?? 'en-US') : 'en-US',
    languages: [...new Set(infos.map((i) => childText(i, 'language') ?? 'en-US'))],
    event: cut(event, CAP_TEXT_LIMITS.event) ?? '',
    headline: cut(headline, CAP_TEXT_LIMITS.headline),
    description: cut(info ? childText(info, 'description') || null : null, CAP_TEXT_LIMITS.description),
    areaDesc: cut(areaDescs.filter(Boolean).join('; ') || null, CAP_TEXT_LIMITS.areaDesc),
    urgency: info ? (childText(info, 'urgency') ?? 'Unknown') : 'Unknown',
    severity,
    certainty: info ? (childText(info, 'certainty') ?? 'Unknown') : 'Unknown',
    kind: warningKindOf({ event, headline, eventCodes: info ? pairs(info, 'eventCode') : [] }),
    level: warningLevelOf({ event, headline, parameters: info ? pairs(info, 'parameter') : [], severity }),
    onset: info ? (time(childText(info, 'onset')) ?? time(childText(info, 'effective')) ?? sent) : sent,
    expires: info ? time(childText(info, 'expires')) : null,
    area,
  };
}
