import { resolveLanguage } from '@thunderwatch/domain/accounts/language';
import { isLanguage, type Language, SUPPORTED_LANGUAGES } from '@thunderwatch/shared/languages';
import { STORAGE_KEYS } from '@thunderwatch/shared/storage-keys';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import type { ApiClient } from './api-client';
import type { KeyValueStorage } from './token-store';

export const TRANSLATION_URL = '/assets/i18n/{lang}.json';

/** The saved `lang` entry (stored as JSON), or undefined when absent or unreadable. */
export function savedLanguage(storage: KeyValueStorage | undefined): unknown {
  const raw = storage?.getItem(STORAGE_KEYS.lang);
  if (raw === null || raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The saved choice when valid, else the browser's: zh* gives zh-Hans, anything else en. */
export function detectLanguage(
  storage: KeyValueStorage | undefined,
  browserLanguages: readonly string[],
): Language {
  return resolveLanguage(savedLanguage(storage), browserLanguages);
}

/** A minimal i18next backend: GET /assets/i18n/{lang}.json with fetch. */
export function createTranslationBackend(
  fetchImpl: typeof fetch,
  urlTemplate = TRANSLATION_URL,
): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(language, _namespace, callback) {
      fetchImpl(urlTemplate.replace('{lang}', encodeURIComponent(language)), {
        headers: { accept: 'application/json' },
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`translations for ${language}: HTTP ${response.status}`);
          callback(null, await response.json());
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : String(error), false));
    },
  };
}

export interface InitI18nOptions {
  storage?: KeyValueStorage;
  browserLanguages?: readonly string[];
  fetch?: typeof fetch;
  document?: Pick<Document, 'documentElement'>;
}

/** Initialises `instance` in the detected language and keeps `<html lang>` in step with it. */
export async function initI18n(instance: I18n, options: InitI18nOptions = {}): Promise<I18n> {
  const lng = detectLanguage(options.storage, options.browserLanguages ?? []);
  const doc = options.document;
  if (doc) {
    instance.on('languageChanged', (language) => {
      doc.documentElement.lang = language;
    });
  }
  await instance
    .use(createTranslationBackend(options.fetch ?? ((input, init) => globalThis.fetch(input, init))))
    .init({
      lng,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      // No fallback: a missing translation shows its key instead of the other language.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      returnNull: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  if (doc) doc.documentElement.lang = lng;
  return instance;
}

export interface ChangeLanguageDeps {
  i18n: Pick<I18n, 'changeLanguage'>;
  client: Pick<ApiClient, 'request'>;
  storage?: KeyValueStorage;
  logger?: Pick<Console, 'error'>;
}

/**
 * Sends the choice to the server (form field `lang`); only when it answers `status: "ok"` does the
 * interface switch and the choice get saved. Returns whether it switched.
 */
export async function changeLanguage(lang: Language, deps: ChangeLanguageDeps): Promise<boolean> {
  const logger = deps.logger ?? console;
  if (!isLanguage(lang)) {
    logger.error('Unsupported language', lang);
    return false;
  }
  try {
    const answer = await deps.client.request<{ status?: string } | undefined>('/language/', {
      method: 'POST',
      body: new URLSearchParams({ lang }),
    });
    if (answer?.status !== 'ok') {
      logger.error('Language change refused by the server', answer);
      return false;
    }
    await deps.i18n.changeLanguage(lang);
    deps.storage?.setItem(STORAGE_KEYS.lang, JSON.stringify(lang));
    return true;
  } catch (error) {
    logger.error('Language change failed', error);
    return false;
  }
}

/**
 * After sign-in the language saved in the profile wins over the browser's and over an earlier choice on
 * this device: the interface switches to it, and it is kept as `lang` for the next visit.
 */
export async function adoptLanguage(
  lang: string,
  deps: { i18n: Pick<I18n, 'changeLanguage' | 'language'>; storage?: KeyValueStorage },
): Promise<void> {
  if (!isLanguage(lang)) return;
  deps.storage?.setItem(STORAGE_KEYS.lang, JSON.stringify(lang));
  if (deps.i18n.language !== lang) await deps.i18n.changeLanguage(lang);
}

/** The app's i18next instance, initialised by main.tsx before the first render. */
export const i18n: I18n = i18next.createInstance();
