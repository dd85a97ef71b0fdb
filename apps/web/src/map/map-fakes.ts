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

/** A layer of `fakeLayeredPainter`: the shader program it uses, and how long making that program takes. */
export interface FakeLayer {
  id: string;
  program: string;
  makeMs: number;
}

/**
 * A painter as MapLibre's draws a frame: it clears, then each layer (those of `layers`, or those it answers
 * at each frame) makes its program if not made yet (the clock moves on by its `makeMs`) and draws. `reached` lists the layers each frame got to; its WebGL context
 * counts the clears and draws that reached the GPU. Methods are their classes', as MapLibre's are.
 */
export function fakeLayeredPainter(
  layers: readonly FakeLayer[] | (() => readonly FakeLayer[]),
  clock: { now: number },
) {
  const layersNow = typeof layers === 'function' ? layers : () => layers;
  class Gl {
    draws = 0;
    clears = 0;
    drawElements() {
      this.draws++;
    }
    clear() {
      this.clears++;
    }
  }
  class Painter {
    context = { gl: new Gl() };
    programCache = { programs: {} as Record<string, object> };
    reached: string[][] = [];
    render() {
      this.reached.push([]);
      this.context.gl.clear();
      for (const layer of layersNow()) this.renderLayer(layer);
    }
    renderLayer(layer: FakeLayer) {
      this.reached.at(-1)?.push(layer.id);
      if (!this.programCache.programs[layer.program]) {
        clock.now += layer.makeMs;
        this.programCache.programs[layer.program] = {};
      }
      this.context.gl.drawElements();
    }
  }
  return new Painter();
}
