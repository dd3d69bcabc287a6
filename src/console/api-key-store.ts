/**
 * Where the console keeps the API key: in memory and sessionStorage by
 * default (gone when the tab closes), in localStorage only after an explicit
 * "remember on this device". Clearing removes it from both.
 */
export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const API_KEY_STORAGE_KEY = 'portal.api-key';

export interface ApiKeyStore {
  get(): string | undefined;
  /** Whether the key is kept beyond this tab. */
  remembered(): boolean;
  set(key: string): void;
  remember(on: boolean): void;
  clear(): void;
}

export function createApiKeyStore(session: KeyStorage | undefined, local: KeyStorage | undefined): ApiKeyStore {
  // Storage can throw (disabled cookies, private modes): the key then lives in memory only.
  const read = (storage: KeyStorage | undefined) => {
    try {
      return storage?.getItem(API_KEY_STORAGE_KEY) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const write = (storage: KeyStorage | undefined, value: string | undefined) => {
    try {
      if (value === undefined) storage?.removeItem(API_KEY_STORAGE_KEY);
      else storage?.setItem(API_KEY_STORAGE_KEY, value);
    } catch {
      // Memory still holds it.
    }
  };
  let remembered = read(local) !== undefined;
  let key = read(local) ?? read(session);

  return {
    get: () => key,
    remembered: () => remembered,
    set(value) {
      key = value === '' ? undefined : value;
      write(remembered ? local : session, key);
    },
    remember(on) {
      remembered = on;
      write(on ? local : session, key);
      write(on ? session : local, undefined);
    },
    clear() {
      key = undefined;
      remembered = false;
      write(session, undefined);
      write(local, undefined);
    },
  };
}
