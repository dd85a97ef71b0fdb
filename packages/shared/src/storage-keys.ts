/** Browser localStorage keys; their names are part of the portal's contract with its clients: keep them. */
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  /** The chosen language, stored as JSON (e.g. `"zh-Hans"`). */
  lang: 'lang',
  /** Legacy key the token reader consults when `access` is absent. */
  token: 'token',
} as const;
