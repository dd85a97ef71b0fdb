/** First DNS label of a Host header: `gz.example.com:8000` → `gz`; IP literals give an empty label. */
export function hostLabel(host: string | undefined): string {
  if (!host) return '';
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return ''; // IPv6 literal
  name = name.replace(/:\d+$/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return '';
  return name.split('.')[0] ?? '';
}

/** Picks the entry for the host's first label, or the fallback when no label matches. */
export function pickByHostLabel<T>(
  host: string | undefined,
  entries: Readonly<Record<string, T>>,
  fallback: T,
): T {
  const label = hostLabel(host);
  return Object.hasOwn(entries, label) ? (entries[label] as T) : fallback;
}
