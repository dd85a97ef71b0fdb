import { describe, expect, it } from 'vitest';
import { screenKeyOf, tabTitle } from './screens';

describe('screenKeyOf', () => {
  it.each([
    ['/', 'home'],
    ['', 'home'],
    ['/realtimealert', 'realtimealert'],
    ['/alert_history', 'alert_history'],
    ['/location/', 'location'],
    ['/admin/database', 'admin_database'],
    ['/profile', 'profile'],
    ['/login', 'login'],
    ['/no/such/page', 'not_found'],
    ['/admin', 'not_found'],
  ])('%s → %s', (path, key) => {
    expect(screenKeyOf(path)).toBe(key);
  });
});

describe('tabTitle', () => {
  it('names the screen first, then the host', () => {
    expect(tabTitle('实时告警', '广州供电局雷电预警')).toBe('实时告警 · 广州供电局雷电预警');
  });
});
