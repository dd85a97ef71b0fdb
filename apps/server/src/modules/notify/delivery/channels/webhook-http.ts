import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '@thunderwatch/domain/notify/recipient-checks';

/** Thrown by the lookup when a host name resolves to a private, loopback or similar address. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * A DNS lookup that refuses private and loopback answers. Checking a host before the request is not enough
 * on its own: its DNS may answer differently a moment later (rebinding); this checks the very addresses the
 * socket is about to connect to.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      return callback(
        new PrivateAddressError(`${hostname} resolves to ${refused?.address ?? 'nothing'}`),
        [],
      );
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as { address: string; family: number };
    callback(null, first.address, first.family);
  });
};

export interface PostAnswer {
  status: number;
  location: string | null;
  /** The start of the answer's body (about `keepBytes` of it), for the delivery record when it is an error. */
  excerpt: string;
}

const EXCERPT_BYTES = 300;

// Keep-alive: a storm sends many messages to the same few receivers within seconds.
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * One POST, no redirects followed (http.request never does), given up after `timeoutMs` in all (connecting,
 * sending, and reading the answer).
 */
export function postOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean; keepBytes?: number },
): Promise<PostAnswer> {
  const keepBytes = options.keepBytes ?? EXCERPT_BYTES;
  const secure = url.protocol === 'https:';
  const request = secure ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        agent: secure ? agents.https : agents.http,
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < keepBytes) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: typeof res.headers.location === 'string' ? res.headers.location : null,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, keepBytes).trim(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
