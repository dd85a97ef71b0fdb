import type { EventFacts, SiteEvent } from '../notify/delivery/alarm-outbox.js';
import type { StatusChanged } from './devices-repo.js';

type DeviceEvent = SiteEvent<EventFacts['device']>;

/**
 * The events among status changes: going offline (from online or degraded), and coming back (out of
 * offline, for a device heard from before: a new device's first heartbeat is no news). Online ⇄ degraded is
 * history only.
 */
export function deviceEvents(changes: readonly StatusChanged[], offlineMin: number, at: Date): DeviceEvent[] {
  const out: DeviceEvent[] = [];
  for (const c of changes) {
    const offline = c.device.status === 'offline';
    if (offline === (c.previous === 'offline')) continue;
    if (!offline && c.previousHeartbeatAt === null) continue;
    out.push({
      groupId: c.device.group_id,
      at,
      facts: {
        device_event_id: c.historyId,
        change: offline ? 'offline' : 'back_online',
        device_id: c.device.id,
        device_name: c.device.name,
        device_name_en: c.device.name_en,
        device_kind: c.device.kind,
        model: c.device.model,
        last_heartbeat_at: c.previousHeartbeatAt?.toISOString() ?? null,
        offline_min: offlineMin,
        at: at.toISOString(),
        level: 2,
      },
    });
  }
  return out;
}
