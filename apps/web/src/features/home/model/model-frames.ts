import type { ModelOutput } from '@thunderwatch/shared/schemas/models';
import type { FeatureCollection } from 'geojson';

/** One frame of an output: an element over one time window. */
export interface FrameOption {
  key: string;
  element: string;
  fromMin: number;
  toMin: number;
  unit: string;
  max: number | null;
}

export const frameKey = (element: string, fromMin: number) => `${element}@${fromMin}`;

export function frameOptions(output: ModelOutput): FrameOption[] {
  return output.frames.map((f) => ({
    key: frameKey(f.element, f.from_min),
    element: f.element,
    fromMin: f.from_min,
    toMin: f.to_min,
    unit: f.unit,
    max: f.max,
  }));
}

/** How a window reads: the past hours it sums, whole hours ahead, or minutes ahead. */
export type WindowText =
  | { key: 'past_hours'; hours: number }
  | { key: 'hours_ahead'; from: number; to: number }
  | { key: 'minutes_ahead'; from: number; to: number };

export function windowText(fromMin: number, toMin: number): WindowText {
  if (toMin <= 0) return { key: 'past_hours', hours: Math.round(-fromMin / 60) };
  if (fromMin % 60 === 0 && toMin % 60 === 0 && toMin - fromMin >= 60) {
    return { key: 'hours_ahead', from: fromMin / 60, to: toMin / 60 };
  }
  return { key: 'minutes_ahead', from: fromMin, to: toMin };
}

/** The contour bands of one frame, lowest first (so higher bands are drawn over lower ones). */
export function frameFeatures(output: ModelOutput | undefined, key: string | null): FeatureCollection {
  const features = (output?.features ?? [])
    .filter((f) => frameKey(f.properties.element, f.properties.from_min) === key)
    .sort((a, b) => a.properties.value - b.properties.value);
  return { type: 'FeatureCollection', features: features as FeatureCollection['features'] };
}
