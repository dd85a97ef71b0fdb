import { describe, expect, it, vi } from 'vitest';
import { leaveOutHiddenSky } from './hidden-sky';

function fakeMap(pitch: number) {
  const sky = vi.fn();
  const shared = { sky, fill: vi.fn() };
  const map = { pitch, getPitch: () => map.pitch, painter: { drawFunctions: shared } };
  return { map, sky, shared };
}

describe('leaveOutHiddenSky', () => {
  it.each([
    { pitch: 0, drawn: 0 },
    { pitch: 0.5, drawn: 1 },
    { pitch: 60, drawn: 1 },
  ])('at pitch $pitch draws the sky $drawn time(s)', ({ pitch, drawn }) => {
    const { map, sky } = fakeMap(pitch);
    expect(leaveOutHiddenSky(map)).toBe(true);
    map.painter.drawFunctions.sky('mesh', 'context');
    expect(sky).toHaveBeenCalledTimes(drawn);
    if (drawn) expect(sky).toHaveBeenCalledWith('mesh', 'context');
  });

  it('asks for the pitch at each frame: a map tilted later draws its sky', () => {
    const { map, sky } = fakeMap(0);
    leaveOutHiddenSky(map);
    map.painter.drawFunctions.sky();
    map.pitch = 30;
    map.painter.drawFunctions.sky();
    expect(sky).toHaveBeenCalledTimes(1);
  });

  it("keeps the painter's other draw functions and leaves MapLibre's shared table alone", () => {
    const { map, sky, shared } = fakeMap(0);
    leaveOutHiddenSky(map);
    expect(map.painter.drawFunctions.fill).toBe(shared.fill);
    expect(shared.sky).toBe(sky);
  });

  it.each([
    { name: 'no painter', map: { getPitch: () => 0 } },
    { name: 'no draw functions', map: { getPitch: () => 0, painter: {} } },
    { name: 'no sky', map: { getPitch: () => 0, painter: { drawFunctions: {} } } },
  ])('answers false on a MapLibre with $name', ({ map }) => {
    expect(leaveOutHiddenSky(map)).toBe(false);
  });
});
