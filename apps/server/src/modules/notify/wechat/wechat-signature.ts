import { createHash, timingSafeEqual } from 'node:crypto';

/** The query WeChat signs every callback with (GET adds `echostr`, POST adds `openid`). */
export interface SignedQuery {
  signature: string;
  timestamp: string;
  nonce: string;
}

/** Callbacks whose timestamp is further than this from our clock are refused (replays, or a wrong clock). */
export const CALLBACK_WINDOW_SEC = 5 * 60;

/** sha1 of token, timestamp and nonce sorted and joined, as hex: WeChat's callback signature. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function signatureMatches(token: string, q: SignedQuery): boolean {
  const expected = Buffer.from(wechatSignature(token, q.timestamp, q.nonce));
  const given = Buffer.from(q.signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The timestamp (Unix seconds) lies within the window around `now`. */
export function isFresh(timestamp: string, now: Date, windowSec = CALLBACK_WINDOW_SEC): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - now.getTime() / 1000) <= windowSec;
}
