/**
 * Aircraft sources, all off by default: `FLIGHTS_OPENSKY_URL` polls an OpenSky-style `/api/states/all`
 * (optional `FLIGHTS_OPENSKY_USER`/`_PASSWORD` for basic auth, `FLIGHTS_OPENSKY_BBOX` west,south,east,north,
 * `FLIGHTS_OPENSKY_SEC` between polls); `FLIGHTS_SBS_PORT` connects to an SBS-1 BaseStation stream (dump1090's
 * port 30003) at `FLIGHTS_SBS_HOST`.
 */
export class FlightsConfigError extends Error {}

export interface FlightsBbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface FlightsConfig {
  opensky: {
    url: string;
    everyMs: number;
    username: string | null;
    password: string | null;
    bbox: FlightsBbox | null;
  } | null;
  sbs: { host: string; port: number; source: string } | null;
}

function bboxOf(raw: string | undefined): FlightsBbox | null {
  if (!raw) return null;
  const n = raw.split(',').map((s) => Number(s.trim()));
  const [west, south, east, north] = n as [number, number, number, number];
  if (n.length !== 4 || n.some((x) => !Number.isFinite(x)) || south >= north || south < -90 || north > 90)
    throw new FlightsConfigError(
      `FLIGHTS_OPENSKY_BBOX must be west,south,east,north in degrees, got "${raw}"`,
    );
  if ([west, east].some((x) => x < -180 || x > 180))
    throw new FlightsConfigError('FLIGHTS_OPENSKY_BBOX longitudes must lie in -180..180');
  return { west, south, east, north };
}

function intOf(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new FlightsConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

export function flightsConfig(env: NodeJS.ProcessEnv): FlightsConfig {
  let opensky: FlightsConfig['opensky'] = null;
  const url = env.FLIGHTS_OPENSKY_URL;
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new FlightsConfigError(`FLIGHTS_OPENSKY_URL is not a URL: "${url}"`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new FlightsConfigError(`FLIGHTS_OPENSKY_URL must be an http(s) URL, got "${url}"`);
    const username = env.FLIGHTS_OPENSKY_USER || null;
    const password = env.FLIGHTS_OPENSKY_PASSWORD || null;
    if ((username === null) !== (password === null))
      throw new FlightsConfigError('FLIGHTS_OPENSKY_USER and FLIGHTS_OPENSKY_PASSWORD come together');
    opensky = {
      url,
      // OpenSky's anonymous access has a 10 s resolution; polling faster only repeats answers.
      everyMs: intOf(env, 'FLIGHTS_OPENSKY_SEC', 10, 5, 3600) * 1000,
      username,
      password,
      bbox: bboxOf(env.FLIGHTS_OPENSKY_BBOX),
    };
  }
  const port = env.FLIGHTS_SBS_PORT ? intOf(env, 'FLIGHTS_SBS_PORT', 30003, 1, 65535) : null;
  return {
    opensky,
    sbs:
      port === null
        ? null
        : { host: env.FLIGHTS_SBS_HOST || '127.0.0.1', port, source: env.FLIGHTS_SBS_SOURCE || 'sbs' },
  };
}

/** The URL polled: OpenSky's bounding box travels as `lamin`, `lomin`, `lamax`, `lomax`. */
export function openskyUrl(o: NonNullable<FlightsConfig['opensky']>): string {
  const u = new URL(o.url);
  if (o.bbox) {
    u.searchParams.set('lamin', String(o.bbox.south));
    u.searchParams.set('lomin', String(o.bbox.west));
    u.searchParams.set('lamax', String(o.bbox.north));
    u.searchParams.set('lomax', String(o.bbox.east));
  }
  return u.toString();
}
