import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs a single node with no Redis and loopback-only metrics by default', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ redisUrl: null, redisPrefix: 'thunderwatch', metricsToken: null, port: 8000 });
  });

  it.each<[string, NodeJS.ProcessEnv, Partial<ReturnType<typeof loadConfig>>]>([
    [
      'a Redis URL and prefix',
      { REDIS_URL: 'redis://10.0.0.5:6379', REDIS_PREFIX: 'tw:prod' },
      {
        redisUrl: 'redis://10.0.0.5:6379',
        redisPrefix: 'tw:prod',
      },
    ],
    ['a metrics token', { METRICS_TOKEN: 'a-long-enough-token' }, { metricsToken: 'a-long-enough-token' }],
    ['no ADMIN_DB_WRITE (read only)', {}, { adminDbWrite: false }],
    ['ADMIN_DB_WRITE=true', { ADMIN_DB_WRITE: 'true' }, { adminDbWrite: true }],
    ['ADMIN_DB_WRITE=false', { ADMIN_DB_WRITE: 'false' }, { adminDbWrite: false }],
    [
      'no RADAR_DECODE_MAX_MB (256 MB)',
      {},
      { radar: expect.objectContaining({ decodeMaxBytes: 256 * 2 ** 20 }) },
    ],
    [
      'RADAR_DECODE_MAX_MB=1024',
      { RADAR_DECODE_MAX_MB: '1024' },
      { radar: expect.objectContaining({ decodeMaxBytes: 1024 * 2 ** 20 }) },
    ],
    [
      'the default message budget',
      {},
      { notifications: expect.objectContaining({ budget: { count: 20, windowMs: 600_000 } }) },
    ],
    [
      'a message budget',
      { NOTIFY_BUDGET_COUNT: '5', NOTIFY_BUDGET_WINDOW_MIN: '30' },
      { notifications: expect.objectContaining({ budget: { count: 5, windowMs: 1_800_000 } }) },
    ],
    [
      'no TIME_ZONE (Beijing time for counting and for messages)',
      {},
      { timeZone: 'Asia/Shanghai', notifications: expect.objectContaining({ timeZone: 'Asia/Shanghai' }) },
    ],
    [
      'a TIME_ZONE, which messages follow too',
      { TIME_ZONE: 'Europe/Berlin' },
      { timeZone: 'Europe/Berlin', notifications: expect.objectContaining({ timeZone: 'Europe/Berlin' }) },
    ],
    [
      'a NOTIFY_TIME_ZONE of its own',
      { TIME_ZONE: 'UTC', NOTIFY_TIME_ZONE: 'Asia/Tokyo' },
      { timeZone: 'UTC', notifications: expect.objectContaining({ timeZone: 'Asia/Tokyo' }) },
    ],
  ])('takes %s', (_name, env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it('takes the device settings', () => {
    const c = loadConfig({
      DEVICE_OFFLINE_MIN: '3',
      DEVICE_EVAL_MS: '1000',
      MQTT_DEVICE_PREFIX: 'site-a/devices',
    });
    expect(c.devices).toEqual({ offlineMin: 3, evalMs: 1000 });
    expect(c.mqtt.devicePrefix).toBe('site-a/devices');
    expect(loadConfig({}).mqtt.devicePrefix).toBe('devices');
  });

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['a short metrics token', { METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16 characters/],
    ['a prefix with spaces', { REDIS_PREFIX: 'my portal' }, /REDIS_PREFIX must be/],
    ['a port out of range', { PORT: '70000' }, /PORT must be an integer between 0 and 65535, got "70000"/],
    ['no offline minutes', { DEVICE_OFFLINE_MIN: '0' }, /DEVICE_OFFLINE_MIN must be an integer between 1/],
    [
      'a radar decode budget too small to read a national composite',
      { RADAR_DECODE_MAX_MB: '16' },
      /RADAR_DECODE_MAX_MB must be an integer between 64 and 4096, got "16"/,
    ],
    [
      'a misspelt ADMIN_DB_WRITE',
      { ADMIN_DB_WRITE: 'yes' },
      /ADMIN_DB_WRITE must be "true" or "false", got "yes"/,
    ],
    ['no message budget', { NOTIFY_BUDGET_COUNT: '0' }, /NOTIFY_BUDGET_COUNT must be an integer between 1/],
    ['a fractional budget window', { NOTIFY_BUDGET_WINDOW_MIN: '2.5' }, /NOTIFY_BUDGET_WINDOW_MIN must be/],
    ['a budget window over a day', { NOTIFY_BUDGET_WINDOW_MIN: '1441' }, /NOTIFY_BUDGET_WINDOW_MIN must be/],
    ['a wildcard in the heartbeat topics', { MQTT_DEVICE_PREFIX: 'devices/#' }, /MQTT_DEVICE_PREFIX must be/],
    ['an unknown TIME_ZONE', { TIME_ZONE: 'Mars/Olympus' }, /TIME_ZONE is not a time zone: "Mars\/Olympus"/],
    [
      'an unknown NOTIFY_TIME_ZONE',
      { NOTIFY_TIME_ZONE: 'Beijing' },
      /NOTIFY_TIME_ZONE is not a time zone: "Beijing"/,
    ],
  ])('refuses %s, naming the variable', (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  describe('BASEMAP', () => {
    const KEY = '0123456789abcdef0123456789abcdef';

    it('is offline unless set, with nothing to fetch and no credit of its own', () => {
      expect(loadConfig({}).basemap).toEqual({
        name: 'offline',
        tiles: [],
        labels: null,
        tilejson: null,
        attribution: '',
      });
    });

    it.each<[string, NodeJS.ProcessEnv, Partial<ReturnType<typeof loadConfig>['basemap']>]>([
      [
        'OpenStreetMap with its required credit',
        { BASEMAP: 'osm' },
        {
          name: 'osm',
          tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
          attribution: expect.stringContaining('© OpenStreetMap contributors'),
        },
      ],
      [
        'an XYZ template, credited to its host unless BASEMAP_ATTRIBUTION says otherwise',
        { BASEMAP: 'https://tiles.example.com/base/{z}/{x}/{y}.png?key=k' },
        {
          name: 'xyz',
          tiles: ['https://tiles.example.com/base/{z}/{x}/{y}.png?key=k'],
          attribution: 'tiles.example.com',
        },
      ],
      [
        'a tile server on the own network over plain http, with its credit',
        { BASEMAP: 'http://10.1.2.3:8080/tiles/{z}/{x}/{y}.png', BASEMAP_ATTRIBUTION: '© Our GIS team' },
        { name: 'xyz', tiles: ['http://10.1.2.3:8080/tiles/{z}/{x}/{y}.png'], attribution: '© Our GIS team' },
      ],
      [
        'a TileJSON URL',
        { BASEMAP: 'https://maps.example.com/styles/dark/tiles.json?key=k' },
        { name: 'tilejson', tiles: [], tilejson: 'https://maps.example.com/styles/dark/tiles.json?key=k' },
      ],
      [
        'OpenStreetMap with an added credit after its own',
        { BASEMAP: 'osm', BASEMAP_ATTRIBUTION: 'GS(2024)0001' },
        { attribution: expect.stringMatching(/OpenStreetMap contributors<\/a> · GS\(2024\)0001$/) },
      ],
    ])('takes %s', (_name, env, expected) => {
      expect(loadConfig(env).basemap).toMatchObject(expected);
    });

    it('builds Tianditu vector tiles and one label layer per language on its eight hosts, with the key', () => {
      const basemap = loadConfig({ BASEMAP: 'tianditu', TIANDITU_KEY: KEY }).basemap;
      expect(basemap.name).toBe('tianditu');
      expect(basemap.attribution).toContain('天地图');
      expect(basemap.tiles).toHaveLength(8);
      expect(basemap.tiles[3]).toBe(
        'https://t3.tianditu.gov.cn/vec_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=vec&STYLE=default' +
          `&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${KEY}`,
      );
      expect(basemap.labels?.['zh-Hans'][0]).toMatch(
        /^https:\/\/t0\.tianditu\.gov\.cn\/cva_w\/wmts\?.*&LAYER=cva&/,
      );
      expect(basemap.labels?.en[7]).toMatch(
        /^https:\/\/t7\.tianditu\.gov\.cn\/eva_w\/wmts\?.*&LAYER=eva&.*&tk=/,
      );
    });

    it.each<[string, NodeJS.ProcessEnv, RegExp]>([
      ['Tianditu without a key', { BASEMAP: 'tianditu' }, /BASEMAP=tianditu needs TIANDITU_KEY/],
      [
        'a Tianditu key with other characters',
        { BASEMAP: 'tianditu', TIANDITU_KEY: 'abc&x=1abcdefghijk' },
        /TIANDITU_KEY must be/,
      ],
      ['an unknown name', { BASEMAP: 'google' }, /BASEMAP must be offline, osm, tianditu, .*got "google"/],
      [
        'a URL without placeholders',
        { BASEMAP: 'https://tiles.example.com/tile.png' },
        /lacks \{z\}, \{x\} or \{y\}/,
      ],
      [
        'a {s} subdomain placeholder',
        { BASEMAP: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' },
        /no \{s\} placeholder/,
      ],
      ['another scheme', { BASEMAP: 'ftp://tiles.example.com/{z}/{x}/{y}.png' }, /BASEMAP must be/],
      ['a URL with a quote', { BASEMAP: "https://tiles.example.com/{z}/{x}/{y}.png'" }, /BASEMAP must be/],
      [
        'a credit for the offline map',
        { BASEMAP_ATTRIBUTION: '© me' },
        /BASEMAP_ATTRIBUTION applies to online/,
      ],
    ])('refuses %s, naming the variable', (_name, env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });
});
