/**
 * Devices' kinds and statuses, and how an id is written: values the web reads too, kept apart from the schemas
 * (TypeBox stays on the server).
 */
export const DEVICE_KINDS = ['station', 'field_sensor'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const DEVICE_STATUSES = ['online', 'degraded', 'offline'] as const;
export type DeviceStatusName = (typeof DEVICE_STATUSES)[number];
/** A device's id: its name on the wire (the MQTT topic `devices/<id>/heartbeat`). */
export const DEVICE_ID_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';
