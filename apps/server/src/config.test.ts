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
  ])('takes %s', (_name, env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['a short metrics token', { METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16 characters/],
    ['a prefix with spaces', { REDIS_PREFIX: 'my portal' }, /REDIS_PREFIX must be/],
    ['a port out of range', { PORT: '70000' }, /PORT must be an integer between 0 and 65535, got "70000"/],
  ])('refuses %s, naming the variable', (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
