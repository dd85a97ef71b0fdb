import { type Static, Type } from 'typebox';
import { DEVICE_ID_PATTERN, DEVICE_KINDS, DEVICE_STATUSES } from '../device-kinds.js';
import { MAX_ID, Nullable } from './kit.js';

export {
  DEVICE_ID_PATTERN,
  DEVICE_KINDS,
  DEVICE_STATUSES,
  type DeviceKind,
  type DeviceStatusName,
} from '../device-kinds.js';

export const DEGRADED_REASONS = ['no_gps_lock', 'temperature', 'voltage', 'noise'] as const;

export const DeviceId = Type.String({ pattern: DEVICE_ID_PATTERN, description: 'Letters, digits, _ . -' });

/** Plausible ranges of the heartbeat's fields: outside them the heartbeat is refused (400 naming it). */
export const HEARTBEAT_RANGES = {
  temperature_c: { minimum: -60, maximum: 100 },
  voltage_v: { minimum: 0, maximum: 60 },
  noise: { minimum: 0, maximum: 100 },
  strokes: { minimum: 0, maximum: 1_000_000 },
} as const;

const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 0, maxLength, ...(description ? { description } : {}) });

const DeviceFields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: 'The name its group gave it' }),
  name_en: Nullable(
    Type.String({ maxLength: 100, description: 'Its English name; null (or blank when given): none' }),
  ),
  kind: Type.Enum(DEVICE_KINDS),
  model: Text(100, 'e.g. "Boltek LD-350", "Vaisala LS7002"'),
  serial: Text(100),
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lon: Type.Number({ minimum: -180, maximum: 180 }),
  installed_at: Nullable(Type.String({ format: 'date-time' })),
  firmware: Text(100),
};

export const DeviceCreate = Type.Object(
  {
    id: DeviceId,
    ...DeviceFields,
    name_en: Type.Optional(DeviceFields.name_en),
    model: Type.Optional(DeviceFields.model),
    serial: Type.Optional(DeviceFields.serial),
    firmware: Type.Optional(DeviceFields.firmware),
    installed_at: Type.Optional(DeviceFields.installed_at),
    group_id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Administrators: the owning group' }),
    ),
  },
  { additionalProperties: false },
);
export type DeviceCreate = Static<typeof DeviceCreate>;

export const DeviceUpdate = Type.Partial(Type.Object(DeviceFields), { additionalProperties: false });
export type DeviceUpdate = Static<typeof DeviceUpdate>;

export const DeviceIdParams = Type.Object({ id: DeviceId });
export type DeviceIdParams = Static<typeof DeviceIdParams>;

export const DeviceListQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(DEVICE_STATUSES)),
    kind: Type.Optional(Type.Enum(DEVICE_KINDS)),
    group_id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Administrators: one group' }),
    ),
  },
  { additionalProperties: false },
);
export type DeviceListQuery = Static<typeof DeviceListQuery>;

/** A heartbeat: the device's health now. */
export const Heartbeat = Type.Object(
  {
    time: Type.String({ format: 'date-time', description: 'When the device measured; not in the future' }),
    gps_lock: Type.Boolean(),
    temperature_c: Type.Number({ ...HEARTBEAT_RANGES.temperature_c, description: 'Enclosure, °C' }),
    voltage_v: Type.Number({ ...HEARTBEAT_RANGES.voltage_v, description: 'Supply, V' }),
    noise: Type.Number({ ...HEARTBEAT_RANGES.noise, description: 'Background noise, % of the range' }),
    strokes: Type.Integer({
      ...HEARTBEAT_RANGES.strokes,
      description: 'Strokes detected since the last one',
    }),
  },
  { additionalProperties: false },
);
export type Heartbeat = Static<typeof Heartbeat>;

export const HeartbeatIn = Type.Object(
  {
    device: DeviceId,
    time: Type.Optional(Heartbeat.properties.time),
    gps_lock: Heartbeat.properties.gps_lock,
    temperature_c: Heartbeat.properties.temperature_c,
    voltage_v: Heartbeat.properties.voltage_v,
    noise: Heartbeat.properties.noise,
    strokes: Heartbeat.properties.strokes,
  },
  { additionalProperties: false, description: '`time` defaults to when it arrives' },
);
export type HeartbeatIn = Static<typeof HeartbeatIn>;

export const HeartbeatResult = Type.Object({
  device: Type.String(),
  status: Type.Enum(DEVICE_STATUSES),
  reasons: Type.Array(Type.Enum(DEGRADED_REASONS)),
});
export type HeartbeatResult = Static<typeof HeartbeatResult>;

export const Device = Type.Object({
  id: Type.String(),
  group_id: Type.Integer(),
  ...DeviceFields,
  status: Type.Enum(DEVICE_STATUSES),
  status_reasons: Type.Array(Type.String(), {
    description: 'Why degraded (no_gps_lock, temperature, voltage, noise)',
  }),
  status_since: Type.String({ format: 'date-time' }),
  last_heartbeat_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
});
export type Device = Static<typeof Device>;

export const DeviceList = Type.Object({ items: Type.Array(Device) });
export type DeviceList = Static<typeof DeviceList>;

export const DeviceInfoQuery = Type.Object(
  {
    id: DeviceId,
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, description: 'Uptime days, default 30' })),
    time_zone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'IANA time zone of the uptime’s days (default: the deployment’s, TIME_ZONE)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type DeviceInfoQuery = Static<typeof DeviceInfoQuery>;

export const StatusChange = Type.Object({
  status: Type.Enum(DEVICE_STATUSES),
  reasons: Type.Array(Type.String()),
  at: Type.String({ format: 'date-time' }),
});

export const DeviceInfo = Type.Object({
  device: Device,
  last_heartbeat: Nullable(Heartbeat),
  history: Type.Array(StatusChange, { description: 'Status changes, newest first (at most 200)' }),
  uptime: Type.Array(
    Type.Object({
      date: Type.String({ description: 'Local day (time_zone), YYYY-MM-DD' }),
      uptime_pct: Nullable(Type.Number({ description: 'Online or degraded; null: not observed' })),
    }),
  ),
  offline_min: Type.Integer({ description: 'No heartbeat for this long: offline (DEVICE_OFFLINE_MIN)' }),
});
export type DeviceInfo = Static<typeof DeviceInfo>;
