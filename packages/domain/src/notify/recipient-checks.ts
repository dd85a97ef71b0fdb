import type { SignedKind } from '@thunderwatch/shared/notifications';
import ipaddr from 'ipaddr.js';

/**
 * Checks of notification recipients: each returns null when the value
 * is acceptable, or a problem in English naming what is wrong.
 */

/** E.164: a country code and up to 15 digits; a leading + is optional, spaces and dashes are not allowed. */
export function phoneProblem(value: string): string | null {
  return /^\+?[1-9]\d{6,14}$/.test(value)
    ? null
    : 'is not a phone number (digits with country code, e.g. +8613812345678)';
}

/** One address: local part, @, a dotted domain; no display names or lists. */
export function emailProblem(value: string): string | null {
  if (value.length > 254) return 'is longer than 254 characters';
  return /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(
    value,
  )
    ? null
    : 'is not an e-mail address';
}

/** A WeChat openid as the official-account API hands them out. */
export function wechatProblem(value: string): string | null {
  return /^[A-Za-z0-9_-]{6,64}$/.test(value) ? null : 'is not a WeChat openid';
}

/** The URL's host as an IP address when it is one (IPv6 without brackets), else null. */
export function literalAddress(hostname: string): string | null {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(host) ? host : null;
}

/**
 * Whether an address is on the public internet: not loopback, private, link-local, carrier-grade NAT,
 * unique-local, multicast, reserved or unspecified (IPv4-mapped IPv6 is judged as its IPv4 address).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * The form of a signing secret (its length is the schema's). DingTalk shows its secret under 加签 as a
 * string that starts with SEC (open.dingtalk.com/document/robots/customize-robot-security-settings);
 * the others are opaque, but a space or control character in one is a copy-and-paste slip.
 */
export function secretProblem(kind: SignedKind, secret: string): string | null {
  if (!/^[\x21-\x7e]+$/.test(secret)) return 'must be visible ASCII characters without spaces';
  if (kind === 'dingtalk' && !/^SEC[A-Za-z0-9]+$/.test(secret)) {
    return 'is not a DingTalk signing secret (the string starting with SEC under 加签 in the robot’s security settings)';
  }
  return null;
}
