import type { TokenPair } from '@thunderwatch/shared/schemas/kit';
import { STORAGE_KEYS } from '@thunderwatch/shared/storage-keys';

/** The part of the Web Storage API the app uses, so tests can pass an in-memory map. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TokenStore {
  /** The access token: `access`, falling back to the legacy `token` key. */
  readAccess(): string | null;
  readRefresh(): string | null;
  save(pair: TokenPair): void;
  clear(): void;
  /** True when any token is stored, i.e. the user has (or had) a session worth trying. */
  hasSession(): boolean;
  subscribe(listener: () => void): () => void;
}

function readToken(storage: KeyValueStorage | undefined, key: string): string | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  // Tolerate tokens saved JSON-encoded by older clients.
  if (raw.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'string' && parsed ? parsed : null;
    } catch {
      return null;
    }
  }
  return raw;
}

export function createTokenStore(getStorage: () => KeyValueStorage | undefined): TokenStore {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    readAccess: () =>
      readToken(getStorage(), STORAGE_KEYS.access) ?? readToken(getStorage(), STORAGE_KEYS.token),
    readRefresh: () => readToken(getStorage(), STORAGE_KEYS.refresh),
    save(pair) {
      const storage = getStorage();
      storage?.setItem(STORAGE_KEYS.access, pair.access);
      storage?.setItem(STORAGE_KEYS.refresh, pair.refresh);
      notify();
    },
    clear() {
      const storage = getStorage();
      storage?.removeItem(STORAGE_KEYS.access);
      storage?.removeItem(STORAGE_KEYS.refresh);
      storage?.removeItem(STORAGE_KEYS.token);
      notify();
    },
    hasSession() {
      const storage = getStorage();
      return [STORAGE_KEYS.access, STORAGE_KEYS.refresh, STORAGE_KEYS.token].some((key) =>
        Boolean(readToken(storage, key)),
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
