import { lookup } from 'node:dns/promises';
import { isPublicAddress, literalAddress } from '@thunderwatch/domain/notify/recipient-checks';

/**
 * Whether a webhook URL may be called: its form, and (unless on-premise receivers are allowed) that every
 * address its host resolves to is public, so that a list cannot aim the server at its own network (SSRF).
 * Delivery checks again, since DNS answers change. Returns null, or the problem in English.
 */
export async function webhookTargetProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  const form = webhookUrlProblem(url);
  if (form) return form;
  if (allowPrivate) return null;
  const host = new URL(url).hostname;
  const literal = literalAddress(host);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return 'has a host name that does not resolve';
    }
  }
  return addresses.every(isPublicAddress)
    ? null
    : 'points to a private or loopback address (allowed only with ALLOW_PRIVATE_WEBHOOKS=true)';
}

/** The URL's form only (http or https, a host, no credentials); where it points is `isPublicAddress`'s. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (!url.hostname) return 'has no host';
  if (value.length > 2000) return 'is longer than 2000 characters';
  return null;
}
