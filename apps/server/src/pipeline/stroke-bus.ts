import type { StrokeRow } from '../modules/lightning/strokes/stroke-row.js';

export type StrokeListener = (strokes: readonly StrokeRow[]) => void;

/**
 * In-process fan-out of freshly stored live strokes (late ones never enter) to this node's live push, and a
 * wake-up for the warning engine if it runs here (it reads the strokes from the log, whichever node stored
 * them). A failing listener never stops the others.
 */
export class StrokeBus {
  private readonly listeners = new Set<StrokeListener>();

  subscribe(listener: StrokeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(strokes: readonly StrokeRow[]): void {
    if (strokes.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(strokes);
      } catch (error) {
        console.error('stroke listener failed:', error);
      }
    }
  }
}
