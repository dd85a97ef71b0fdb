import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language.js';

describe('resolveLanguage', () => {
  it.each([
    ['en', ['zh-CN'], 'en'],
    ['zh-Hans', ['en-US'], 'zh-Hans'],
    [null, ['zh-CN', 'en'], 'zh-Hans'],
    [null, ['zh'], 'zh-Hans'],
    [null, ['zh-TW'], 'zh-Hans'],
    [null, ['ZH-hk'], 'zh-Hans'],
    [null, ['en-GB', 'zh-CN'], 'en'],
    [null, ['de'], 'en'],
    [null, [], 'en'],
    ['fr', ['zh-CN'], 'zh-Hans'],
    [42, ['de'], 'en'],
  ])('saved %j, browser %j → %s', (saved, browser, expected) => {
    expect(resolveLanguage(saved, browser)).toBe(expected);
  });
});
