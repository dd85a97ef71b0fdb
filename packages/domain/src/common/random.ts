/**
 * A small seeded PRNG for the simulator and tests: sfc32 (passes PractRand to 2^40+, 128-bit state),
 * seeded through splitmix32 so that neighbouring seeds give unrelated streams. Not for secrets.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  uniform(min: number, max: number): number;
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  normal(mean?: number, sd?: number): number;
  /** Log-normal: `median` = e^µ, `sigma` the standard deviation of the logarithm. */
  logNormal(median: number, sigma: number): number;
  poisson(lambda: number): number;
  /** A new generator seeded from this one (an independent stream that does not disturb later draws). */
  fork(): Random;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a, so that text seeds ("demo") work too. */
function hashSeed(seed: number | string): number {
  if (typeof seed === 'number') return seed >>> 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export function createRandom(seed: number | string): Random {
  const mix = splitmix32(hashSeed(seed));
  const next = sfc32(mix(), mix(), mix(), mix());
  // Discard the first outputs: sfc32's state needs a few rounds to mix.
  for (let i = 0; i < 12; i++) next();

  const normal = (mean = 0, sd = 1) => {
    // Box–Muller; 1 − u keeps log() away from 0.
    const u = 1 - next();
    const v = next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const knuth = (lambda: number) => {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = next();
    while (p > limit) {
      k++;
      p *= next();
    }
    return k;
  };

  const random: Random = {
    next,
    uniform: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    normal,
    logNormal: (median, sigma) => median * Math.exp(sigma * normal()),
    poisson: (lambda) => {
      if (!(lambda > 0)) return 0;
      // Knuth's method is exact but slow and underflows for large λ; a Poisson sum splits into pieces.
      let k = 0;
      let rest = lambda;
      for (; rest > 30; rest -= 30) k += knuth(30);
      return k + knuth(rest);
    },
    fork: () => createRandom((next() * 4294967296) >>> 0),
  };
  return random;
}
