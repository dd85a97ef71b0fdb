import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { adoptLanguage, changeLanguage, detectLanguage, initI18n } from './i18n';
import { fakeFetch, jsonResponse, MemoryStorage, type RecordedCall } from './test-fakes';

const translations: Record<string, Record<string, unknown>> = {
  'zh-Hans': { login: { title: '登录', hello: '你好，{{name}}' } },
  en: { login: { title: 'Sign in', hello: 'Hello, {{name}}' } },
};

function translationFetch() {
  return fakeFetch((call) => {
    const lang = /\/assets\/i18n\/(.+)\.json$/.exec(call.url)?.[1] ?? '';
    const body = translations[decodeURIComponent(lang)];
    return body ? jsonResponse(body) : new Response('not found', { status: 404 });
  });
}

async function setup(saved: string | null, browser: string[]) {
  const storage = new MemoryStorage();
  if (saved !== null) storage.setItem('lang', saved);
  const files = translationFetch();
  const doc = { documentElement: { lang: '' } } as unknown as Document;
  const i18n = await initI18n(i18next.createInstance(), {
    storage,
    browserLanguages: browser,
    fetch: files.fetch,
    document: doc,
  });
  return { storage, i18n, doc, files };
}

function languageServer(answer: (call: RecordedCall) => Response) {
  return createApiClient({
    fetch: fakeFetch(answer).fetch,
    storage: () => new MemoryStorage(),
    origin: () => 'http://localhost:8000',
  });
}

describe('detectLanguage', () => {
  it('uses a valid saved choice over the browser language', () => {
    const storage = new MemoryStorage();
    storage.setItem('lang', JSON.stringify('en'));
    expect(detectLanguage(storage, ['zh-CN'])).toBe('en');
    storage.setItem('lang', JSON.stringify('zh-Hans'));
    expect(detectLanguage(storage, ['en-US'])).toBe('zh-Hans');
  });

  it.each([['zh'], ['zh-CN'], ['zh-TW'], ['zh-Hant-HK'], ['ZH-cn']])('maps browser %s to zh-Hans', (lang) => {
    expect(detectLanguage(new MemoryStorage(), [lang])).toBe('zh-Hans');
  });

  it.each([['en-GB'], ['de'], ['fr-CA']])('maps browser %s to en', (lang) => {
    expect(detectLanguage(new MemoryStorage(), [lang])).toBe('en');
  });

  it('ignores an invalid or non-JSON saved value', () => {
    const storage = new MemoryStorage();
    storage.setItem('lang', 'zh-Hans'); // not JSON
    expect(detectLanguage(storage, ['en'])).toBe('en');
    storage.setItem('lang', JSON.stringify('fr'));
    expect(detectLanguage(storage, ['zh-CN'])).toBe('zh-Hans');
  });
});

describe('initI18n', () => {
  it('loads /assets/i18n/{lang}.json for the saved language and sets <html lang>', async () => {
    const { i18n, doc, files } = await setup(JSON.stringify('en'), ['zh-CN']);
    expect(i18n.language).toBe('en');
    expect(i18n.t('login.title')).toBe('Sign in');
    expect(i18n.t('login.hello', { name: 'Ann' })).toBe('Hello, Ann');
    expect(doc.documentElement.lang).toBe('en');
    expect(files.calls.map((c) => c.url)).toEqual(['/assets/i18n/en.json']);
  });

  it('starts in zh-Hans for a Chinese browser without a saved choice', async () => {
    const { i18n, doc } = await setup(null, ['zh-CN', 'en']);
    expect(i18n.language).toBe('zh-Hans');
    expect(i18n.t('login.title')).toBe('登录');
    expect(doc.documentElement.lang).toBe('zh-Hans');
  });

  it('shows the key of a missing translation', async () => {
    const { i18n } = await setup(null, ['zh-CN']);
    expect(i18n.t('login.no_such_key')).toBe('login.no_such_key');
  });
});

describe('changeLanguage', () => {
  it('posts form field lang and switches and saves when the server says ok', async () => {
    const { i18n, storage, doc } = await setup(null, ['zh-CN']);
    const posted: RecordedCall[] = [];
    const client = languageServer((call) => {
      posted.push(call);
      return jsonResponse({ status: 'ok', lang: 'en' });
    });
    const logger = { error: vi.fn() };

    await expect(changeLanguage('en', { i18n, client, storage, logger })).resolves.toBe(true);

    expect(posted[0]?.url).toBe('http://localhost:8000/language/');
    expect(posted[0]?.method).toBe('POST');
    expect(posted[0]?.body).toBe('lang=en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('login.title')).toBe('Sign in');
    expect(storage.getItem('lang')).toBe('"en"');
    expect(doc.documentElement.lang).toBe('en');
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('keeps the interface when the status is not ok, and logs it', async () => {
    const { i18n, storage } = await setup(null, ['zh-CN']);
    const client = languageServer(() => jsonResponse({ status: 'error' }));
    const logger = { error: vi.fn() };

    await expect(changeLanguage('en', { i18n, client, storage, logger })).resolves.toBe(false);

    expect(i18n.language).toBe('zh-Hans');
    expect(storage.getItem('lang')).toBeNull();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('logs a failed request and keeps the interface', async () => {
    const { i18n, storage } = await setup(JSON.stringify('zh-Hans'), ['en']);
    const client = languageServer(() =>
      jsonResponse({ error: { code: 'server.internal', message: 'x' } }, 500),
    );
    const logger = { error: vi.fn() };

    await expect(changeLanguage('en', { i18n, client, storage, logger })).resolves.toBe(false);

    expect(i18n.language).toBe('zh-Hans');
    expect(storage.getItem('lang')).toBe('"zh-Hans"');
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});

describe('adoptLanguage', () => {
  it.each([
    {
      name: 'switches to the profile language and keeps it',
      current: 'en',
      profile: 'zh-Hans',
      switched: true,
    },
    {
      name: 'keeps it without switching when already shown',
      current: 'zh-Hans',
      profile: 'zh-Hans',
      switched: false,
    },
  ])('$name', async ({ current, profile, switched }) => {
    const storage = new MemoryStorage();
    storage.setItem('lang', JSON.stringify('en'));
    const changeLanguage = vi.fn(async () => undefined);
    await adoptLanguage(profile, { i18n: { language: current, changeLanguage } as never, storage });
    expect(changeLanguage).toHaveBeenCalledTimes(switched ? 1 : 0);
    expect(storage.getItem('lang')).toBe(JSON.stringify(profile));
  });

  it('ignores a language the portal does not speak', async () => {
    const storage = new MemoryStorage();
    const changeLanguage = vi.fn(async () => undefined);
    await adoptLanguage('fr', { i18n: { language: 'en', changeLanguage } as never, storage });
    expect(changeLanguage).not.toHaveBeenCalled();
    expect(storage.getItem('lang')).toBeNull();
  });
});
