/**
 * Every React Query key of the app. Screens share and invalidate each other's entries (a zone's new shape
 * reloads the locations made from it, a new user reloads the group list), so keys are taken from here, never
 * written as literals. Invalidation matches by prefix: a key without arguments (`groups.all`) also matches
 * every key made from it (`groups.page(params)`).
 */

const inbox = ['notification', 'inbox'] as const;
const deliveries = ['notification', 'deliveries'] as const;
const groups = ['group_list'] as const;
const groupUsers = ['group_user_list'] as const;
const alarms = ['alarms'] as const;
const models = ['models'] as const;

export const queryKeys = {
  /** Branding for the request host. */
  companyInfo: ['comp_info'],
  /** The signed-in user with their permissions. */
  currentUser: ['user_data'],
  accessLog: (query: object) => ['access_log', query] as const,
  /** The administrator's database view: `all` reloads tables, pages, items and the audit after an edit. */
  adminDb: {
    all: ['admin_db'] as const,
    tables: ['admin_db', 'tables'] as const,
    page: (query: object) => ['admin_db', 'page', query] as const,
    item: (table: string, key: string) => ['admin_db', 'item', table, key] as const,
    audit: (query: object) => ['admin_db', 'audit', query] as const,
  },
  /** The overview dashboard, per time zone of "today". */
  overview: (timeZone: string) => ['overview', timeZone] as const,
  /** China's provinces, and the cities of one. */
  regions: {
    provinces: (geometry: boolean) => ['regions', 'provinces', geometry] as const,
    cities: (province: string, geometry: boolean) => ['regions', 'cities', province, geometry] as const,
  },
  /** The statistics query builder: a job by id, my saved queries. */
  statisticsQuery: {
    job: (id: number) => ['statistics_query', 'job', id] as const,
    saved: ['statistics_query', 'saved'] as const,
  },
  /** Insight reports: the templates, and my group's generated reports. */
  insight: {
    templates: ['insight', 'parameter'] as const,
    reports: ['insight', 'report'] as const,
  },
  /** The statistics screen: one key per endpoint and query (area, period, interval). */
  statistics: (path: string, query: object) => ['statistics', path, query] as const,
  /** The alert history: a page of episodes per filter (the episode's alarms are under `alarms`). */
  alertHistory: (query: object) => ['alert_hist', query] as const,
  /** The data sheets: the list, and a page of one. */
  sheets: {
    list: ['insight', 'sheet'] as const,
    page: (id: string, query: object) => ['insight', 'sheet', id, query] as const,
  },

  /** Groups: `all` reloads every page. */
  groups: { all: groups, page: (params: object) => [...groups, params] as const },
  /** Users of a group: `all` reloads every page of every group. */
  groupUsers: { all: groupUsers, page: (params: object) => [...groupUsers, params] as const },
  roles: ['roles'],

  /** My group's locations: the location screen's list and the distribution form's choices share it. */
  locations: ['locations'],
  /** My group's zones: the geometry screen's list and the location form's choices share it. */
  zones: ['zones'],
  /** What the maps draw under the data (the server's `BASEMAP`). */
  mapConfig: ['map_config'],
  /** The layer catalogue with my group's custom layers. */
  layers: ['layers'],
  /** Saved map views: the list, and one scene. */
  scenes: { all: ['scene'] as const, one: (id: number) => ['scene', id] as const },
  /** The home map's view and locations; socket `warning` events update the levels in it. */
  userMapData: ['user_map_data'],
  /** A rules advisor job by id, polled until done. */
  adviseJob: (id: string) => ['advise', id] as const,
  /** A location's warning skill over the last `days` days (the location screen and the board share it). */
  warningSkill: (locationId: number, days: number) => ['warning', 'skill', locationId, days] as const,
  /** The board's warnings; socket `warning` events are merged into it. */
  warnings: ['warning'],
  /** Alarm lists: `all` matches every one; socket `alarm` events are applied to `unconfirmed`. */
  /** Who sites' alarms would reach: `all` after a site, list or role changes. */
  coverage: {
    all: ['coverage'] as const,
    summary: ['coverage', 'summary'] as const,
    location: (id: number) => ['coverage', 'location', id] as const,
  },
  alarms: {
    all: alarms,
    unconfirmed: [...alarms, { confirmed: false }],
    /** The site alarms (typhoon, wave, weather warning) open now, which the board shows as chips. */
    openSiteAlerts: [...alarms, { open: true, kind: 'site-alerts' }],
    /** The lightning alarms one alert episode raised (the alert history's detail). */
    ofAlert: (alertId: number) => [...alarms, { alert_id: alertId }] as const,
  },

  /** One stroke's full record, by id. */
  stroke: (id: number | undefined) => ['lightning', 'stroke', id] as const,
  density: (query: object | null) => ['hourly_lightning_density', query] as const,
  flash: (id: number | null) => ['lightning_process', id] as const,
  /** Storm cells of one tracker step (`null`: the latest) and the cells' tracks over a window and area. */
  cells: (time: string | null) => ['scz', time] as const,
  cellTracks: (query: object | null) => ['scz_query_range', query] as const,
  /** Radar frames: their times over a span, and one frame's metadata. */
  radarTimes: (query: object) => ['radar_times', query] as const,
  radarFrame: (product: string, time: string) => ['radar', product, time] as const,
  /** Active typhoons, and one storm's track, forecast and cone. */
  typhoons: ['weather', 'typhoon', 'active'],
  /** Aircraft in an area at a time (`null`: now), and one aircraft's track. */
  flights: (query: object | null) => ['flight', 'flights', query] as const,
  flightTrack: (icao24: string | null) => ['flight', 'flight_track', icao24] as const,
  /** The aircraft within 50 km of an airport location (the board's aviation view). */
  flightNear: (locationId: number) => ['flight', 'near', locationId] as const,
  /** An airport location's flight alarms of the last 24 h. */
  flightAlarms: (locationId: number) => ['flight', 'alarms', locationId] as const,
  /** My group's airport locations (under `locations`: edits there reload them). */
  airports: ['locations', 'airports'],
  typhoon: (id: string) => ['weather', 'typhoon', id] as const,
  /** Sea waves: every station's latest reading, one station's series over a range, and wave alarms. */
  waveLatest: ['wave_data', 'latest'],
  waveSeries: (station: string, hours: number) => ['wave_data', 'series', station, hours] as const,
  waveAlarms: ['wave_data', 'alarms'],
  /** My group's devices (by filter), and one device's details, history and uptime. */
  devices: {
    all: ['devices'] as const,
    list: (filters: object) => ['devices', 'list', filters] as const,
    info: (id: string) => ['devices', 'info', id] as const,
  },
  /** My group's sensors with their latest readings (the board's sensor panel). */
  sensors: ['sensor', 'list'],
  sensorSeries: (id: string, hours: number) => ['sensor', 'series', id, hours] as const,
  /** Open official weather warnings with their areas (the home map's layer). */
  weatherWarnings: ['weather', 'warning', 'active'],
  /** Open lightning disaster warnings with their cities' outlines. */
  disasterWarnings: ['weather', 'disaster', 'active'],

  distributionLists: ['distribution-lists'],
  /** My inbox: `all` reloads its pages and the unread count. */
  inbox: {
    all: inbox,
    page: (query: object) => [...inbox, 'page', query] as const,
    unreadCount: [...inbox, 'unread-count'],
  },
  /** Delivery records: `all` reloads their pages and attempts. */
  deliveries: {
    all: deliveries,
    page: (query: object) => [...deliveries, query] as const,
    attempts: (id: number) => [...deliveries, 'attempts', id] as const,
  },
  topics: ['notification', 'topics'],
  /** The model registry with runs (`all` reloads it and every output), and one run's output. */
  models: {
    all: models,
    list: [...models, 'list'],
    output: (runId: number | null) => [...models, 'output', runId] as const,
  },
  wechatBinding: ['wechat-binding'],
  /** The gale screen: station winds, official warnings, checklist items and one situation's ticks. */
  decision: {
    all: ['decision'],
    winds: ['decision', 'winds'],
    warnings: ['decision', 'warnings'],
    checklist: ['decision', 'checklist'],
    ticks: (situation: string) => ['decision', 'ticks', situation] as const,
  },
} as const;
