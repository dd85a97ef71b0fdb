import { describe, expect, it } from 'vitest';
import { englishName, nameFor, nameIn, siteNameIn } from './names.js';

describe('nameIn', () => {
  const demo = { name: '广州（演示）', name_en: 'Guangzhou (demo)' };
  it.each([
    ['en', demo, 'Guangzhou (demo)'],
    ['en-GB', demo, 'Guangzhou (demo)'],
    ['zh-Hans', demo, '广州（演示）'],
    // One name only: shown in either language.
    ['en', { name: '东沙浮标', name_en: null }, '东沙浮标'],
    ['en', { name: '东沙浮标', name_en: '  ' }, '东沙浮标'],
    ['en', { name: '东沙浮标' }, '东沙浮标'],
    ['zh-Hans', { name: 'Buoy 41001' }, 'Buoy 41001'],
  ])('in %s', (language, thing, expected) => {
    expect(nameIn(language, thing)).toBe(expected);
  });

  it('takes the two names apart as nameFor', () => {
    expect(nameFor('en', '从化', 'Conghua')).toBe('Conghua');
    expect(nameFor('zh-Hans', '从化', 'Conghua')).toBe('从化');
    expect(nameFor('en', '从化', undefined)).toBe('从化');
  });
});

describe('englishName', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['   ', null],
    ['  Conghua ', 'Conghua'],
  ])('%j → %j', (given, expected) => {
    expect(englishName(given)).toBe(expected);
  });
});

describe('siteNameIn', () => {
  const alarm = { location_name: '深圳盐田港', location_name_en: 'Shenzhen Yantian Port' };
  it('names the site of a record in the reader’s language', () => {
    expect(siteNameIn('en', alarm)).toBe('Shenzhen Yantian Port');
    expect(siteNameIn('zh-Hans', alarm)).toBe('深圳盐田港');
    expect(siteNameIn('en', { location_name: '深圳盐田港' })).toBe('深圳盐田港');
  });
});
