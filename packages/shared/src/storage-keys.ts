/** Browser localStorage keys; binding names from the portal specification. */
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  /** The chosen language, stored as JSON (e.g. `"zh-Hans"`). */
  lang: 'lang',
  /** Legacy key the token reader consults when `access` is absent. */
  token: 'token',
} as const;
