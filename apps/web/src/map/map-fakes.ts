/** For the map's tests: the parts of a MapLibre map that its frames go through. */

/**
 * The part of WebGL 2 a GPU fence uses (`whenGpuDone`), its fences signalled once `gpu.signalled` is set;
 * `gpu.fences` counts those made; `gpu.lost` loses the context.
 */
export function fakeFenceGl(gpu: { signalled: boolean; fences?: number; lost?: boolean }) {
  return {
    SYNC_GPU_COMMANDS_COMPLETE: 1,
    SYNC_STATUS: 2,
    SIGNALED: 3,
    fenceSync: () => {
      gpu.fences = (gpu.fences ?? 0) + 1;
      return {};
    },
    flush: () => {},
    deleteSync: () => {},
    isContextLost: () => gpu.lost ?? false,
    getSyncParameter: () => (gpu.signalled ? 3 : 0),
  };
}

/** A painter whose `render` (a frame drawn) calls `draw`; as MapLibre's, the method is its class's. */
export function fakePainter(draw: () => void) {
  class Painter {
    render() {
      draw();
    }
  }
  return new Painter();
}
