import { describe, expect, it } from 'vitest';
import { type LocationChange, LocationChanges } from './location-changes.js';

const DELETE: LocationChange = { type: 'delete', id: 5, groupId: 2 };

describe('LocationChanges', () => {
  it('delivers a change to every listener even when one of them throws', () => {
    const errors: unknown[] = [];
    const changes = new LocationChanges((e) => errors.push(e));
    const seen: string[] = [];
    changes.subscribe(() => seen.push('first'));
    changes.subscribe(() => {
      throw new Error('broken listener');
    });
    changes.subscribe((c) => seen.push(`third ${c.type}`));
    changes.publish(DELETE);
    expect(seen).toEqual(['first', 'third delete']);
    expect(errors).toHaveLength(1);
  });

  it('stops delivering after unsubscribe', () => {
    const changes = new LocationChanges();
    const seen: LocationChange[] = [];
    const stop = changes.subscribe((c) => seen.push(c));
    changes.publish(DELETE);
    stop();
    changes.publish(DELETE);
    expect(seen).toEqual([DELETE]);
  });
});
