import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createAlarmSound, type SoundState } from './alarm-sound';

/** How often the tone repeats while any alarm is unconfirmed. */
export const REPEAT_MS = 30_000;

export type NotificationState = NotificationPermission | 'unsupported';

export interface AlarmAlerting {
  sound: SoundState;
  enableSound: () => void;
  notifications: NotificationState;
  enableNotifications: () => void;
}

/** Alarms that appeared since the last look, and the ids of those gone (confirmed) since. */
export function diffAlarms(seen: ReadonlySet<number>, current: readonly AlarmDto[]) {
  const ids = new Set(current.map((alarm) => alarm.id));
  return {
    added: current.filter((alarm) => !seen.has(alarm.id)),
    removed: [...seen].filter((id) => !ids.has(id)),
  };
}

/** The latest alarm of each location (the highest rise so far), for one notification per location. */
export function newestPerLocation(alarms: readonly AlarmDto[]): AlarmDto[] {
  const newest = new Map<number, AlarmDto>();
  for (const alarm of alarms) {
    const current = newest.get(alarm.location_id);
    if (
      !current ||
      alarm.created_at > current.created_at ||
      (alarm.created_at === current.created_at && alarm.id > current.id)
    ) {
      newest.set(alarm.location_id, alarm);
    }
  }
  return [...newest.values()];
}

const notificationState = (): NotificationState =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * Makes unconfirmed alarms impossible to miss: a tone when one arrives and every 30 s while any is left,
 * and a browser notification per location with new alarms, closed once they are all confirmed (here or
 * anywhere else).
 */
export function useAlarmAlerting(
  alarms: readonly AlarmDto[],
  describe: (alarm: AlarmDto) => { title: string; body: string },
): AlarmAlerting {
  const [sound] = useState(() => createAlarmSound());
  const soundState = useSyncExternalStore(
    useCallback((listener: () => void) => sound.onChange(listener), [sound]),
    () => sound.state(),
  );
  const [notifications, setNotifications] = useState<NotificationState>(notificationState);
  const seen = useRef(new Set<number>());
  const shown = useRef(new Map<number, Notification>());
  const describeRef = useRef(describe);
  describeRef.current = describe;

  useEffect(() => () => sound.close(), [sound]);

  useEffect(() => {
    const { added, removed } = diffAlarms(seen.current, alarms);
    for (const id of removed) seen.current.delete(id);
    // A location's notification closes once none of its alarms is left unconfirmed.
    const pendingLocations = new Set(alarms.map((alarm) => alarm.location_id));
    for (const [locationId, notification] of shown.current) {
      if (pendingLocations.has(locationId)) continue;
      notification.close();
      shown.current.delete(locationId);
    }
    if (added.length === 0) return;
    for (const alarm of added) seen.current.add(alarm.id);
    sound.beep();
    if (notificationState() !== 'granted') return;
    for (const alarm of newestPerLocation(added)) {
      const { title, body } = describeRef.current(alarm);
      try {
        const notification = new Notification(title, {
          body,
          // One per location: a further rise replaces it, and reopening the board does not repeat it.
          tag: `alarm-location-${alarm.location_id}`,
          requireInteraction: true,
        });
        notification.onclick = () => window.focus();
        shown.current.set(alarm.location_id, notification);
      } catch (error) {
        // Some platforms only allow notifications from a service worker; the board still flashes and sounds.
        console.warn('The alarm notification could not be shown', error);
      }
    }
  }, [alarms, sound]);

  const pending = alarms.length > 0;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => sound.beep(), REPEAT_MS);
    return () => clearInterval(timer);
  }, [pending, sound]);

  // Leaving the board closes its notifications; coming back raises them again for what is still pending.
  useEffect(
    () => () => {
      for (const notification of shown.current.values()) notification.close();
      shown.current.clear();
      seen.current.clear();
    },
    [],
  );

  const enableSound = useCallback(() => {
    void sound.unlock().then(() => {
      if (pending) sound.beep();
    });
  }, [sound, pending]);

  const enableNotifications = useCallback(() => {
    if (typeof Notification === 'undefined') return;
    void Notification.requestPermission().then(setNotifications);
  }, []);

  return { sound: soundState, enableSound, notifications, enableNotifications };
}
