// What the map-open bench measures in a page: main-thread long tasks (PerformanceObserver 'longtask', from
// the navigation on), the socket's connections closing, when strokes are first on the map, and when a map
// has drawn what it asked the API for.

/** Installed before any of the page's scripts: long tasks and socket closes from the navigation on. */
function instrument() {
  window.__bench = { tasks: [], socketDrops: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('close', () => {
        if (document.visibilityState === 'visible' && !window.__bench.leaving) window.__bench.socketDrops++;
      });
    }
  };
  window.addEventListener('pagehide', () => {
    window.__bench.leaving = true;
  });
}

const installed = new WeakSet();
async function ready(page) {
  if (installed.has(page.context())) return;
  installed.add(page.context());
  await page.context().addInitScript(instrument);
}

/**
 * Requests to the API in flight (the socket's upgrade aside), counted from Node; a layer switch's own also
 * leave out the saving of the user's layer choices (`PUT /api/user_map_data` a moment after the click), which
 * is not the layer's data.
 */
function apiTracker(page, { countChoicesSave = true } = {}) {
  let inFlight = 0;
  let lastDone = 0;
  const isApi = (r) => {
    const { pathname } = new URL(r.url());
    if (!countChoicesSave && r.method() === 'PUT' && pathname === '/api/user_map_data') return false;
    return pathname.startsWith('/api/');
  };
  const start = (r) => {
    if (isApi(r)) inFlight++;
  };
  const end = (r) => {
    if (!isApi(r)) return;
    inFlight--;
    lastDone = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    idle: () => inFlight <= 0,
    lastDone: () => lastDone,
    stop() {
      page.off('request', start);
      page.off('requestfinished', end);
      page.off('requestfailed', end);
    },
  };
}

/** Polls `probe` in the page every 50 ms until it answers non-null; null after `timeoutMs`. */
async function pollPage(page, probe, arg, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = await page.evaluate(probe, arg).catch(() => null);
    if (found !== null && found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/**
 * Opens home at `url` and measures the first 10 s: when the strokes source first holds drawn strokes (ms
 * after navigation start), total blocking time, the longest task after the first paint, socket drops.
 */
export async function measureOpen(page, url) {
  await ready(page);
  await page.goto(url, { waitUntil: 'commit' });
  const firstStrokes = await pollPage(
    page,
    () => {
      const map = document.querySelector('.map-canvas')?.maplibreMap;
      // An opening map hides its canvas until it has drawn (MapView's data-opening): not yet seen.
      // (Without a graphics card the frame it reveals is copied to the screen at the same fence, a few ms
      // apart: software-present.ts.)
      if (document.querySelector('.map-view[data-opening]')) return null;
      if (!map?.getSource('strokes') || !map.isSourceLoaded('strokes')) return null;
      return map.querySourceFeatures('strokes').length > 0 ? performance.now() : null;
    },
    null,
    20_000,
  );
  await pollPage(page, () => (performance.now() >= 10_000 ? true : null), null, 20_000);
  const seen = await page.evaluate(() => ({
    tasks: window.__bench.tasks,
    socketDrops: window.__bench.socketDrops,
    firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? 0,
  }));
  const first10 = seen.tasks.filter(([start]) => start < 10_000);
  return {
    firstStrokes,
    tbt10: first10.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
    longestAfterPaint: Math.max(0, ...first10.filter(([s]) => s >= seen.firstPaint).map(([, d]) => d)),
    socketDrops: seen.socketDrops,
  };
}

/** The page's map shows, has drawn everything loaded (and shown its last frame) and stands still. */
const mapSettled = () => {
  if (document.querySelector('.map-view[data-opening], .map-present[data-drawing]')) return null;
  const map = document.querySelector('.map-canvas')?.maplibreMap;
  return map?.loaded() && map.areTilesLoaded() && !map.isMoving() ? performance.now() : null;
};

/**
 * Opens a map screen and answers when its map had drawn its data: the map settled with no API request in
 * flight, held for 300 ms (ms after navigation start), and the longest task until then.
 */
export async function screenOpen(page, url) {
  await ready(page);
  const api = apiTracker(page);
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  let drawn = null;
  let since = null;
  while (Date.now() - t0 < 20_000) {
    const at =
      api.idle() && Date.now() - api.lastDone() > 0
        ? await page.evaluate(mapSettled).catch(() => null)
        : null;
    if (at !== null) {
      since ??= { at, wall: Date.now() };
      if (Date.now() - since.wall >= 300) {
        drawn = since.at;
        break;
      }
    } else since = null;
    await new Promise((r) => setTimeout(r, 50));
  }
  api.stop();
  const tasks = await page.evaluate(() => window.__bench.tasks);
  const until = drawn ?? Number.POSITIVE_INFINITY;
  return { drawn, longest: Math.max(0, ...tasks.filter(([s]) => s <= until).map(([, d]) => d)) };
}

/** A layer's data have all arrived once no request of it has started for this long after the last answer. */
const CHAIN_QUIET_MS = 250;
/** How long after the click a layer switch is watched. */
const SWITCH_WATCH_MS = 6_000;

/**
 * Installed on home's page just before a layer is switched on: the sources added from then on, when data are
 * set on them (setData; updateImage on an image source), and each frame the map draws (software present:
 * `data-drawing` set as it is drawn, cleared as it is shown), with whether every added source had loaded when it
 * was drawn. Times are wall-clock (Date.now()), as the data's arrival is taken in Node.
 */
function watchSwitch() {
  const map = document.querySelector('.map-canvas').maplibreMap;
  const w = { added: [], setData: [], frames: [], loadedAtRender: false };
  window.__switch = w;
  const addSource = map.addSource;
  map.addSource = function (id, spec) {
    w.added.push(id);
    const added = addSource.call(this, id, spec);
    // An image source's data are set by updateImage (the density grid's image; the radar's next frame).
    const source = this.getSource(id);
    if (source?.type === 'image') {
      const updateImage = source.updateImage;
      source.updateImage = function (...args) {
        w.setData.push(Date.now());
        return updateImage.apply(this, args);
      };
    }
    return added;
  };
  const geojson = Object.getPrototypeOf(map.getSource('strokes'));
  const setData = geojson.setData;
  geojson.setData = function (...args) {
    if (w.added.includes(this.id)) w.setData.push(Date.now());
    return setData.apply(this, args);
  };
  // MapLibre fires 'render' at the end of each frame, after the painter drew (or was held).
  const onRender = () => {
    w.loadedAtRender =
      w.added.length > 0 && w.added.every((id) => map.getSource(id) && map.isSourceLoaded(id));
  };
  map.on('render', onRender);
  const present = document.querySelector('.map-present');
  let drawing = null;
  const observer = new MutationObserver(() => {
    const now = Date.now();
    if (present.hasAttribute('data-drawing')) drawing ??= { drawn: now, complete: w.loadedAtRender };
    else if (drawing) {
      w.frames.push({ ...drawing, shown: now });
      drawing = null;
    }
  });
  observer.observe(present, { attributes: true, attributeFilter: ['data-drawing'] });
  w.stop = () => {
    observer.disconnect();
    map.off('render', onRender);
    delete map.addSource;
    geojson.setData = setData;
  };
}

/** The watch's record, and the watch stopped. */
function endWatch() {
  const w = window.__switch;
  w.stop();
  return { frames: w.frames, setData: w.setData, added: w.added };
}

/** The page sets a layer's data on its sources within moments of their arrival (Node hears of it a little late). */
const SET_AROUND_DATA_MS = [-100, 250];

/**
 * When the layer was first shown with its data: the first frame drawn once the data had arrived and been set
 * on its sources (the last setData around the data's arrival: a live layer sets new data every second
 * after), with every source it added loaded, as it was shown (null: never in the watch).
 */
export function layerShownAt(dataWall, { frames, setData }) {
  const [before, after] = SET_AROUND_DATA_MS;
  const set = setData.filter((t) => t >= dataWall + before && t <= dataWall + after);
  const ready = set.length > 0 ? Math.max(...set) : dataWall;
  return frames.find((f) => f.complete && f.drawn >= ready)?.shown ?? null;
}

/**
 * On home, switches each layer on by its checkbox and measures: when the last API answer it caused arrived
 * (ms after the click), how long after that the first frame with the layer's data was on screen, and the
 * longest task from the click until 500 ms after it was shown. Each layer is switched off again before the next.
 *
 * Shown is the frame that holds the data, seen as it is copied to the screen: live strokes keep the demo's map
 * drawing every second or so, so the map standing still after the data is not the measure.
 */
export async function homeLayerSwitches(page, url, layers) {
  await ready(page);
  await page.goto(url);
  await pollPage(page, mapSettled, null, 30_000);
  await new Promise((r) => setTimeout(r, 3000));
  const toggle = async (id) => {
    const summary = page.locator('.map-toolbar summary').first();
    const box = page.locator(`.layer-row[data-layer="${id}"] input[type="checkbox"]`).first();
    if (!(await box.isVisible())) await summary.click();
    await box.click();
  };
  const out = {};
  for (const id of layers) {
    if ((await page.locator(`.layer-row[data-layer="${id}"]`).count()) === 0) {
      out[id] = { dataAt: null, shownAfterData: null, longest: 0, missing: true };
      continue;
    }
    const api = apiTracker(page, { countChoicesSave: false });
    await page.evaluate(watchSwitch);
    const clickAt = await page.evaluate(() => performance.now());
    const t0 = Date.now();
    await toggle(id);
    // The data have arrived once no request is in flight and none started CHAIN_QUIET_MS after the last
    // answer (a layer's requests come one after another: radar's times, its frame, its image).
    let dataWall = null;
    while (Date.now() - t0 < SWITCH_WATCH_MS) {
      if (api.idle() && api.lastDone() >= t0 && Date.now() - api.lastDone() >= CHAIN_QUIET_MS) {
        dataWall = api.lastDone();
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    api.stop();
    await new Promise((r) => setTimeout(r, Math.max(0, t0 + SWITCH_WATCH_MS - Date.now())));
    const watched = await page.evaluate(endWatch);
    const shown = dataWall === null ? null : layerShownAt(dataWall, watched);
    // `MAP_OPEN_DEBUG=1`: each switch's record (wall-clock ms), to see where a slow one waited.
    if (process.env.MAP_OPEN_DEBUG) console.log(id, JSON.stringify({ t0, dataWall, ...watched }));
    const until = clickAt + (shown === null ? SWITCH_WATCH_MS : shown - t0 + 500);
    const tasks = await page.evaluate(() => window.__bench.tasks);
    out[id] = {
      dataAt: dataWall === null ? null : dataWall - t0,
      shownAfterData: shown === null ? null : shown - dataWall,
      longest: Math.max(0, ...tasks.filter(([s]) => s >= clickAt && s <= until).map(([, d]) => d)),
    };
    await toggle(id);
    await new Promise((r) => setTimeout(r, 1500));
  }
  return out;
}
