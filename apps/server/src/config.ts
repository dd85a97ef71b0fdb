import os from 'node:os';
import path from 'node:path';
import type { Basemap } from '@thunderwatch/shared/schemas/map';
import { BasemapConfigError, basemapConfig } from './config-basemap.js';
import { type FlightsConfig, FlightsConfigError, flightsConfig } from './config-flights.js';
import { type ModelsConfig, ModelsConfigError, modelsConfig } from './config-models.js';
import { type PollerConfig, PollersConfigError, pollersConfig } from './config-pollers.js';
import { DEFAULT_HASH_LOG2N } from './lib/passwords.js';

export interface CompanyEntry {
  title: { 'zh-Hans': string; en: string };
  logo: string | null;
}

export interface SmsConfig {
  provider: 'dev' | 'http';
  url: string | null;
  username: string | null;
  password: string | null;
}

/** The deployment's time zone when `TIME_ZONE` is unset. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export interface Config {
  /**
   * The deployment's time zone (`TIME_ZONE`, an IANA name, default Asia/Shanghai): the days, hours of day and
   * months the statistics, data sheets, overview, query builder and reports count when the caller names none,
   * and the default of `NOTIFY_TIME_ZONE`.
   */
  timeZone: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Prefix of the Redis channels, so that several portals can share one Redis. */
  redisPrefix: string;
  /** HMAC secret for access tokens; null → generated once and kept in the database. */
  jwtSecret: string | null;
  accessTtlSec: number;
  refreshTtlSec: number;
  corsOrigins: string[];
  trustProxy: boolean;
  adminUsername: string;
  adminPassword: string | null;
  sms: SmsConfig;
  companies: Record<string, CompanyEntry>;
  defaultCompany: CompanyEntry;
  accessLogRetentionDays: number;
  webDist: string;
  logLevel: string;
  /** Strokes older than this are refused; 0 keeps everything (archive imports). */
  retentionDays: number;
  /** Strokes older than this are stored but not pushed live nor used for warnings. */
  lateAfterMs: number;
  simulator: { enabled: boolean; seed: number; backfillMin: number };
  /** Webhook URLs may point at private and loopback addresses (on-premise receivers). */
  allowPrivateWebhooks: boolean;
  ualfTcp: { port: number | null; host: string; source: string; trusted: boolean };
  /**
   * `devicePrefix`: device heartbeats on `<prefix>/<id>/heartbeat` (`MQTT_DEVICE_PREFIX`, default `devices`);
   * `sensorPrefix`: sensor readings on `<prefix>/<sensor id>` (`MQTT_SENSOR_PREFIX`, default `sensors`).
   */
  mqtt: { url: string | null; topic: string; source: string; devicePrefix: string; sensorPrefix: string };
  notifications: NotificationsConfig;
  /** Bearer token that opens /metrics to other hosts; null: loopback only. */
  metricsToken: string | null;
  /** This node's name in a cluster (lease holders, logs); the host name and process id unless set. */
  nodeName: string;
  /** How often a standby node tries to take over the singletons (the warning engine, the simulator). */
  leaderPollMs: number;
  /** Large reads (pages of strokes, density grids) served at once; the others wait their turn. */
  heavyReads: number;
  /**
   * Statistics queries: answered at once up to `inlineMax` strokes in their window and box
   * (`QUERY_INLINE_MAX`), else run as jobs this node looks for every `jobPollMs`; results kept `resultDays`.
   */
  queries: { inlineMax: number; jobPollMs: number; resultDays: number };
  /** Insight reports: the Chromium that prints PDFs (`REPORT_CHROMIUM_PATH`; empty: HTML only), how often a node looks for queued reports. */
  reports: { chromiumPath: string | null; pollMs: number };
  /** What the maps draw under the data (`BASEMAP`): the bundled offline map unless set. */
  basemap: Basemap;
  /**
   * Radar frames' files (`RADAR_DIR`, default DATA_DIR/radar), the largest upload (`RADAR_MAX_UPLOAD_MB`), and
   * the memory a file's decode may hold at once, judged from its header (`RADAR_DECODE_MAX_MB`, default 256).
   */
  radar: { dir: string; maxUploadBytes: number; decodeMaxBytes: number };
  /**
   * Significant wave height from which a wave reading is flagged as an alert (`WAVE_ALERT_CM`, default 4 m),
   * and how far from a station a location gets a wave alarm for it (`WAVE_ALERT_RADIUS_KM`, default 50).
   */
  waves: { alertHeightM: number; alertRadiusKm: number };
  /** Model schedules, region and external forecast services (config-models.ts). */
  models: ModelsConfig;
  /** A storm's path (now and forecast) this close to a location raises a typhoon alarm (`TYPHOON_ALERT_KM`). */
  typhoonAlertKm: number;
  /** Weather sources polled over HTTP (`POLL_<KIND>_URL`, `POLL_<KIND>_MIN`); none by default. */
  pollers: PollerConfig[];
  /** Aircraft sources (OpenSky polling, SBS-1 over TCP), off by default. */
  flights: FlightsConfig;
  /** How often the lightning disaster warnings are evaluated (`DISASTER_EVAL_MS`, default 5 min). */
  disasterEvalMs: number;
  /**
   * Devices: no heartbeat for `offlineMin` minutes makes one offline (`DEVICE_OFFLINE_MIN`, default 10); the
   * leader looks every `evalMs` (`DEVICE_EVAL_MS`, default 30 s).
   */
  devices: { offlineMin: number; evalMs: number };
  /** Load the regions into the database at start (`REGIONS_AUTOLOAD`, default true; else on first use). */
  regionsAutoload: boolean;
  /** scrypt cost of new password hashes, log2 of N (`PASSWORD_HASH_LOG2N`, default 15). */
  passwordHashLog2N: number;
  /** ADMIN_DB_WRITE=true: the administrator's database view may edit allow-listed columns (audited). */
  adminDbWrite: boolean;
  /** Keep the statistics' daily rollups as strokes are stored (`STATS_ROLLUPS`, default true). */
  statsRollups: boolean;
}

export interface NotificationsConfig {
  /** The portal's address as recipients reach it, for links in messages. */
  publicUrl: string;
  /** Language of messages to addresses that are not users (phones, e-mails, webhooks, openids). */
  language: 'zh-Hans' | 'en';
  /** Time zone of messages (and quiet hours) to addresses that are not users. */
  timeZone: string;
  /** Whether this process runs a delivery worker (API-only nodes, and tests that drive it by hand, do not). */
  worker: boolean;
  /** How long a worker holds a delivery it claimed; after that (it died) another worker takes it over. */
  leaseMs: number;
  /** smtp:// or smtps:// with optional user:password@; null: e-mail is unavailable. */
  smtpUrl: string | null;
  smtpFrom: string;
  webhookTimeoutMs: number;
  /** Finished deliveries and inbox messages older than this are deleted. */
  retentionDays: number;
  /** Send attempts before a delivery is given up. */
  maxAttempts: number;
  /**
   * Per recipient (channel and address) at most `count` messages in each window of `windowMs`; the rest
   * are folded into one digest sent when the window ends (NOTIFY_BUDGET_COUNT, NOTIFY_BUDGET_WINDOW_MIN).
   */
  budget: { count: number; windowMs: number };
  wechat: {
    apiBase: string;
    appId: string | null;
    appSecret: string | null;
    /** The token configured on the official account's server settings, for callback signatures. */
    token: string | null;
    templateId: string | null;
  };
}

export class ConfigError extends Error {}

const DEFAULT_COMPANY: CompanyEntry = {
  title: { 'zh-Hans': '雷电监测预警平台', en: 'Thunderwatch Lightning Warning' },
  logo: null,
};

/** The heartbeats' topic prefix: topic levels without MQTT wildcards (`+`, `#`) or empty levels. */
/** An MQTT topic prefix without wildcards (`+`, `#` would subscribe to other devices' topics). */
function topicPrefix(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (!raw) return fallback;
  if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(raw) || raw.length > 200)
    throw new ConfigError(`${name} must be topic levels of letters, digits, _ . - joined by /, got "${raw}"`);
  return raw;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function companies(raw: string | undefined): Record<string, CompanyEntry> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(
      'COMPANY_TITLES must be JSON: {"gz": {"zh-Hans": "…", "en": "…", "logo": "/logo.png"}}',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('COMPANY_TITLES must be a JSON object keyed by host label');
  }
  const out: Record<string, CompanyEntry> = {};
  for (const [label, value] of Object.entries(parsed)) {
    const v = value as Record<string, unknown>;
    const zh = v['zh-Hans'];
    const en = v.en;
    if (typeof zh !== 'string' || typeof en !== 'string') {
      throw new ConfigError(`COMPANY_TITLES.${label} needs string "zh-Hans" and "en" titles`);
    }
    out[label.toLowerCase()] = {
      title: { 'zh-Hans': zh, en },
      logo: typeof v.logo === 'string' ? v.logo : null,
    };
  }
  return out;
}

/** Reads and validates the environment; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, serverRoot = defaultServerRoot()): Config {
  const smsProvider = env.SMS_PROVIDER ?? 'dev';
  if (smsProvider !== 'dev' && smsProvider !== 'http') {
    throw new ConfigError(`SMS_PROVIDER must be "dev" or "http", got "${smsProvider}"`);
  }
  if (smsProvider === 'http' && !env.SMS_HTTP_URL)
    throw new ConfigError('SMS_PROVIDER=http needs SMS_HTTP_URL');
  const secret = env.JWT_SECRET ?? '';
  if (secret && secret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (env.SIMULATOR && env.SIMULATOR !== 'on' && env.SIMULATOR !== 'off') {
    throw new ConfigError(`SIMULATOR must be "on" or "off", got "${env.SIMULATOR}"`);
  }
  return {
    port: int(env, 'PORT', 8000, 0, 65535),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: redisPrefix(env.REDIS_PREFIX),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    nodeName: nodeName(env.NODE_NAME),
    leaderPollMs: int(env, 'LEADER_POLL_MS', 2000, 100, 10_000),
    heavyReads: int(env, 'HEAVY_READS', 2, 1, 64),
    jwtSecret: secret || null,
    accessTtlSec: int(env, 'ACCESS_TOKEN_TTL_SEC', 15 * 60, 10, 24 * 3600),
    refreshTtlSec: int(env, 'REFRESH_TOKEN_TTL_SEC', 7 * 24 * 3600, 60, 90 * 24 * 3600),
    corsOrigins: list(env.CORS_ORIGINS),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword,
    sms: {
      provider: smsProvider,
      url: env.SMS_HTTP_URL || null,
      username: env.SMS_HTTP_USERNAME || null,
      password: env.SMS_HTTP_PASSWORD || null,
    },
    companies: companies(env.COMPANY_TITLES),
    defaultCompany: DEFAULT_COMPANY,
    accessLogRetentionDays: int(env, 'ACCESS_LOG_RETENTION_DAYS', 180, 1, 3650),
    reports: {
      chromiumPath:
        env.REPORT_CHROMIUM_PATH === undefined ? '/usr/bin/chromium' : env.REPORT_CHROMIUM_PATH || null,
      pollMs: int(env, 'REPORT_POLL_MS', 5000, 100, 600_000),
    },
    queries: {
      inlineMax: int(env, 'QUERY_INLINE_MAX', 200_000, 0, 10_000_000),
      jobPollMs: int(env, 'QUERY_JOB_POLL_MS', 2000, 100, 60_000),
      resultDays: int(env, 'QUERY_RESULT_DAYS', 7, 1, 365),
    },
    webDist: path.resolve(env.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    retentionDays: int(env, 'RETENTION_DAYS', 400, 0, 36500),
    lateAfterMs: int(env, 'LATE_AFTER_MIN', 10, 1, 1440) * 60_000,
    allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS === 'true',
    simulator: {
      enabled: (env.SIMULATOR ?? 'on') !== 'off',
      seed: int(env, 'SIMULATOR_SEED', 20260712, 0, 2 ** 31),
      backfillMin: int(env, 'SIMULATOR_BACKFILL_MIN', 120, 0, 24 * 60),
    },
    ualfTcp: {
      port: env.UALF_TCP_PORT ? int(env, 'UALF_TCP_PORT', 0, 0, 65535) : null,
      host: env.UALF_TCP_HOST ?? '127.0.0.1',
      source: env.UALF_TCP_SOURCE ?? 'ualf-tcp',
      trusted: env.UALF_TCP_TRUSTED === 'true',
    },
    mqtt: {
      url: env.MQTT_URL || null,
      topic: env.MQTT_TOPIC ?? 'thunderwatch/strokes',
      source: env.MQTT_SOURCE ?? 'mqtt',
      devicePrefix: topicPrefix(env, 'MQTT_DEVICE_PREFIX', 'devices'),
      sensorPrefix: topicPrefix(env, 'MQTT_SENSOR_PREFIX', 'sensors'),
    },
    timeZone: timeZoneOf(env, 'TIME_ZONE', DEFAULT_TIME_ZONE),
    notifications: notificationsConfig(env),
    basemap: basemap(env),
    radar: {
      dir: path.resolve(env.RADAR_DIR || path.join(env.DATA_DIR ?? 'data', 'radar')),
      maxUploadBytes: int(env, 'RADAR_MAX_UPLOAD_MB', 20, 1, 200) * 1024 * 1024,
      decodeMaxBytes: int(env, 'RADAR_DECODE_MAX_MB', 256, 64, 4096) * 1024 * 1024,
    },
    waves: {
      alertHeightM: int(env, 'WAVE_ALERT_CM', 400, 10, 3000) / 100,
      alertRadiusKm: int(env, 'WAVE_ALERT_RADIUS_KM', 50, 1, 500),
    },
    models: models(env),
    typhoonAlertKm: int(env, 'TYPHOON_ALERT_KM', 300, 0, 2000),
    pollers: pollers(env),
    flights: flights(env),
    disasterEvalMs: int(env, 'DISASTER_EVAL_MS', 300_000, 10_000, 3_600_000),
    devices: {
      offlineMin: int(env, 'DEVICE_OFFLINE_MIN', 10, 1, 1440),
      evalMs: int(env, 'DEVICE_EVAL_MS', 30_000, 500, 600_000),
    },
    regionsAutoload: (env.REGIONS_AUTOLOAD ?? 'true') !== 'false',
    passwordHashLog2N: int(env, 'PASSWORD_HASH_LOG2N', DEFAULT_HASH_LOG2N, 10, 20),
    adminDbWrite: adminDbWrite(env.ADMIN_DB_WRITE),
    statsRollups: (env.STATS_ROLLUPS ?? 'true') !== 'false',
  };
}

/** An IANA time zone from the environment, or the fallback when unset. */
function timeZoneOf(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name] || fallback;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    throw new ConfigError(`${name} is not a time zone: "${value}"`);
  }
}

function basemap(env: NodeJS.ProcessEnv): Basemap {
  try {
    return basemapConfig(env);
  } catch (error) {
    throw error instanceof BasemapConfigError ? new ConfigError(error.message) : error;
  }
}

function pollers(env: NodeJS.ProcessEnv): PollerConfig[] {
  try {
    return pollersConfig(env);
  } catch (error) {
    throw error instanceof PollersConfigError ? new ConfigError(error.message) : error;
  }
}

function flights(env: NodeJS.ProcessEnv): FlightsConfig {
  try {
    return flightsConfig(env);
  } catch (error) {
    throw error instanceof FlightsConfigError ? new ConfigError(error.message) : error;
  }
}

function models(env: NodeJS.ProcessEnv): ModelsConfig {
  try {
    return modelsConfig(env);
  } catch (error) {
    throw error instanceof ModelsConfigError ? new ConfigError(error.message) : error;
  }
}

function notificationsConfig(env: NodeJS.ProcessEnv): NotificationsConfig {
  const language = env.NOTIFY_LANGUAGE ?? 'zh-Hans';
  if (language !== 'zh-Hans' && language !== 'en') {
    throw new ConfigError(`NOTIFY_LANGUAGE must be "zh-Hans" or "en", got "${language}"`);
  }
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT || 8000}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(publicUrl)) throw new ConfigError('PUBLIC_URL must be an http(s) URL');
  const appId = env.WECHAT_APP_ID || null;
  const appSecret = env.WECHAT_APP_SECRET || null;
  if ((appId === null) !== (appSecret === null)) {
    throw new ConfigError('WECHAT_APP_ID and WECHAT_APP_SECRET go together');
  }
  if (env.NOTIFY_WORKER && env.NOTIFY_WORKER !== 'on' && env.NOTIFY_WORKER !== 'off') {
    throw new ConfigError(`NOTIFY_WORKER must be "on" or "off", got "${env.NOTIFY_WORKER}"`);
  }
  const timeZone = timeZoneOf(env, 'NOTIFY_TIME_ZONE', timeZoneOf(env, 'TIME_ZONE', DEFAULT_TIME_ZONE));
  return {
    publicUrl,
    language,
    timeZone,
    worker: env.NOTIFY_WORKER !== 'off',
    leaseMs: int(env, 'NOTIFY_LEASE_SEC', 60, 1, 3600) * 1000,
    smtpUrl,
    smtpFrom: env.SMTP_FROM || 'Thunderwatch <noreply@localhost>',
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 5000, 100, 60_000),
    maxAttempts: int(env, 'NOTIFY_MAX_ATTEMPTS', 6, 1, 20),
    retentionDays: int(env, 'NOTIFY_RETENTION_DAYS', 180, 1, 3650),
    budget: {
      count: int(env, 'NOTIFY_BUDGET_COUNT', 20, 1, 10_000),
      windowMs: int(env, 'NOTIFY_BUDGET_WINDOW_MIN', 10, 1, 1440) * 60_000,
    },
    wechat: {
      apiBase: (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
      appId,
      appSecret,
      token: env.WECHAT_TOKEN || null,
      templateId: env.WECHAT_TEMPLATE_ID || null,
    },
  };
}

/** apps/server, whether running from src/ (tests) or dist/ (production). */
export function defaultServerRoot(): string {
  return path.resolve(import.meta.dirname, '..');
}

function nodeName(value: string | undefined): string {
  const name = value || `${os.hostname()}:${process.pid}`;
  if (name.length > 200 || !/^[\w.:@-]+$/.test(name)) {
    throw new ConfigError('NODE_NAME must be at most 200 letters, digits and . : @ _ -');
  }
  return name;
}

function adminDbWrite(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ConfigError(`ADMIN_DB_WRITE must be "true" or "false", got "${value}"`);
}

function metricsToken(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  return value;
}

function redisPrefix(value: string | undefined): string {
  if (value === undefined || value === '') return 'thunderwatch';
  if (!/^[A-Za-z0-9:_-]{1,64}$/.test(value)) {
    throw new ConfigError('REDIS_PREFIX must be 1–64 letters, digits, ":", "_" or "-"');
  }
  return value;
}
