import { describe, expect, it } from 'vitest';
import { hostLabel, pickByHostLabel } from './host-title.js';

describe('hostLabel', () => {
  it.each([
    ['gz.example.com', 'gz'],
    ['GZ.Example.com:8000', 'gz'],
    ['localhost:8000', 'localhost'],
    ['127.0.0.1:8000', ''],
    ['[::1]:8000', ''],
    ['', ''],
    [undefined, ''],
  ])('%j → %j', (host, label) => {
    expect(hostLabel(host)).toBe(label);
  });
});

describe('pickByHostLabel', () => {
  const entries = { gz: 'Guangzhou', sz: 'Shenzhen', toString: 'own' };
  it.each([
    ['gz.example.com', 'Guangzhou'],
    ['sz.example.com', 'Shenzhen'],
    ['www.example.com', 'default'],
    ['127.0.0.1', 'default'],
  ])('%s → %s', (host, expected) => {
    expect(pickByHostLabel(host, entries, 'default')).toBe(expected);
  });
  it('ignores inherited properties', () => {
    expect(pickByHostLabel('constructor.example.com', { gz: 'x' }, 'default')).toBe('default');
  });
});
