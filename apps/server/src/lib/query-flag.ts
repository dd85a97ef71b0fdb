/** A yes/no query parameter (the `Bool` schema: `1`, `true`, `0`, `false`): true, false, or null when absent. */
export function queryFlag(value: string | undefined): boolean | null {
  return value === undefined ? null : value === '1' || value === 'true';
}
