import { DEVICE_ID_PATTERN, HEARTBEAT_RANGES, type Heartbeat } from '@thunderwatch/shared/schemas/devices';

/** A heartbeat may be this far ahead of the server's clock (device clocks drift between GPS fixes). */
export const HEARTBEAT_FUTURE_MS = 60_000;
/** …and at most this old: an older one says nothing about now (a queue replayed after an outage). */
export const HEARTBEAT_MAX_AGE_MS = 24 * 3_600_000;

const ID = new RegExp(DEVICE_ID_PATTERN);
const FIELDS = new Set(['device', 'time', 'gps_lock', 'temperature_c', 'voltage_v', 'noise', 'strokes']);

export type HeartbeatParse =
  | { ok: true; device: string; heartbeat: Heartbeat }
  | { ok: false; field: string; reason: string };

/**
 * Checks a heartbeat as received (an MQTT payload, or a body the route's schema already passed): every
 * field present, of its type and in its plausible range (`HEARTBEAT_RANGES`), the time neither in the future
 * nor older than a day. The device comes from the body or, on MQTT, the topic (`device`); the first problem
 * is named.
 */
export function parseHeartbeat(body: unknown, now: Date, device?: string): HeartbeatParse {
  const bad = (field: string, reason: string): HeartbeatParse => ({ ok: false, field, reason });
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return bad('body', 'not a JSON object');
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) if (!FIELDS.has(key)) return bad(key, 'unknown field');
  const id = device ?? b.device;
  if (typeof id !== 'string' || !ID.test(id)) return bad('device', 'letters, digits, _ . - (1–64)');
  if (device !== undefined && b.device !== undefined && b.device !== device)
    return bad('device', 'differs from the topic');
  if (typeof b.gps_lock !== 'boolean') return bad('gps_lock', 'true or false required');
  for (const [field, range] of Object.entries(HEARTBEAT_RANGES)) {
    const v = b[field];
    if (typeof v !== 'number' || !Number.isFinite(v)) return bad(field, 'a number required');
    if (field === 'strokes' && !Number.isInteger(v)) return bad(field, 'a whole number required');
    if (v < range.minimum || v > range.maximum)
      return bad(field, `out of range ${range.minimum}…${range.maximum}`);
  }
  let time = now;
  if (b.time !== undefined) {
    const t = typeof b.time === 'string' ? Date.parse(b.time) : Number.NaN;
    if (Number.isNaN(t)) return bad('time', 'an ISO 8601 date-time required');
    if (t > now.getTime() + HEARTBEAT_FUTURE_MS) return bad('time', 'in the future');
    if (t < now.getTime() - HEARTBEAT_MAX_AGE_MS) return bad('time', 'older than 24 h');
    time = new Date(t);
  }
  return {
    ok: true,
    device: id,
    heartbeat: {
      time: time.toISOString(),
      gps_lock: b.gps_lock,
      temperature_c: b.temperature_c as number,
      voltage_v: b.voltage_v as number,
      noise: b.noise as number,
      strokes: b.strokes as number,
    },
  };
}
