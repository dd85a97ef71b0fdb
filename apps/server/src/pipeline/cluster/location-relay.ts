import type { FastifyBaseLogger } from 'fastify';
import type { LocationChanges, LocationRecord } from '../../modules/warnings/locations/location-changes.js';
import { CHANNELS, type ClusterSignals } from './signals.js';

interface LocationSignal {
  origin: string;
  id: number;
  groupId: number;
}

/**
 * Carries location edits between nodes: an edit published on this node is signalled to the others, and an
 * edit signalled by another node is read back from the database and published here, so the warning engine
 * hears every edit whichever node took it.
 */
export function relayLocationChanges(d: {
  changes: LocationChanges;
  signals: ClusterSignals;
  /** This node's name: a node does not replay its own edits. */
  origin: string;
  /** The live record, or null when the location is deleted or gone. */
  read(id: number): Promise<LocationRecord | null>;
  log: FastifyBaseLogger;
}): () => void {
  let relaying = false;
  const offLocal = d.changes.subscribe((change) => {
    if (relaying) return;
    const signal: LocationSignal =
      change.type === 'delete'
        ? { origin: d.origin, id: change.id, groupId: change.groupId }
        : { origin: d.origin, id: change.location.id, groupId: change.location.groupId };
    d.signals.notify(CHANNELS.locations, JSON.stringify(signal)).catch((error: unknown) => {
      d.log.error({ err: error, location: signal.id }, 'could not signal a location edit to the cluster');
    });
  });
  const offRemote = d.signals.on(CHANNELS.locations, (payload) => {
    const signal = parse(payload);
    if (!signal || signal.origin === d.origin) return;
    d.read(signal.id)
      .then((location) => {
        relaying = true;
        try {
          d.changes.publish(
            location
              ? { type: 'upsert', location }
              : { type: 'delete', id: signal.id, groupId: signal.groupId },
          );
        } finally {
          relaying = false;
        }
      })
      .catch((error: unknown) => {
        d.log.error({ err: error, location: signal.id }, 'could not read a location another node edited');
      });
  });
  return () => {
    offLocal();
    offRemote();
  };
}

function parse(payload: string): LocationSignal | null {
  try {
    const v = JSON.parse(payload) as Partial<LocationSignal>;
    return typeof v.origin === 'string' && Number.isSafeInteger(v.id) && Number.isSafeInteger(v.groupId)
      ? (v as LocationSignal)
      : null;
  } catch {
    return null;
  }
}
