import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.js';
import { readCapBody } from './cap-read.js';

// Fixtures: see fixtures/SOURCES.md (wis2box, DWD via brightsky, google/cap-library; trimmed where unsigned).
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function one(name: string) {
  const r = await readCapBody(fixture(name));
  expect(r.alerts).toHaveLength(1);
  return r.alerts[0] as NonNullable<(typeof r.alerts)[0]>;
}

describe('CAP reading', () => {
  it('refuses an external entity (XXE) before parsing', async () => {
    const err = await readCapBody(fixture('google-xee.cap')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('cap.doctype_refused');
    expect((err as AppError).message).toMatch(/DOCTYPE.*XXE/);
  });

  it.each([
    ['<alert', /not well-formed/],
    ['<html xmlns="http://www.w3.org/1999/xhtml"/>', /neither a CAP alert/],
    ['<!ENTITY x "y"><alert/>', /ENTITY/],
    [`${'<a>'.repeat(40)}${'</a>'.repeat(40)}`, /elements nested: 33 \(at most 32\)/],
    [`<rss><channel>${'<item/>'.repeat(501)}</channel></rss>`, /501 entries in one feed \(at most 500\)/],
  ])('refuses %s', async (body, reason) => {
    await expect(readCapBody(Buffer.from(body))).rejects.toThrow(reason);
  });

  it('accepts the signed wis2box alert and names its signer', async () => {
    const a = await one('wis2box-sc-valid.xml');
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.signer).toMatch(/CN=www\.meteo\.sc/);
    expect(a.alert).toMatchObject({ kind: 'gale', level: 'yellow', msgType: 'Alert', language: 'en' });
    expect(a.alert.area.polygons[0]?.[0]).toHaveLength(14);
  });

  it('verifies the Togo alert’s signature over its polygons (1,327 vertices)', async () => {
    const a = await one('wis2box-tg-valid.xml');
    expect(a.ok && a.signer).toMatch(/anamet-togo/);
    const vertices = a.ok ? a.alert.area.polygons.reduce((n, p) => n + (p[0]?.length ?? 0), 0) : 0;
    expect(vertices).toBe(1327);
  });

  it('reads the whole DWD wind alert: 8 languages, 1,344 geocodes (the bench’s fixture)', async () => {
    const r = await readCapBody(
      readFileSync(new URL('../../../../../../bench/fixtures/dwd-wind-1344.xml', import.meta.url)),
    );
    const a = r.alerts[0];
    if (!a?.ok) throw new Error(a?.reason);
    expect(a.alert.languages).toHaveLength(8);
    expect(a.alert.language).toBe('en');
    // 1,344 geocodes in the file: the same 168 warn cells in each of the 8 infos; the area is the preferred info's.
    expect(a.alert.area.geocodes.filter((g) => g.startsWith('WARNCELLID='))).toHaveLength(168);
    expect(a.alert).toMatchObject({ kind: 'gale', level: 'blue', event: 'wind gusts' });
  });

  it('accepts the same alert unsigned', async () => {
    const a = await one('wis2box-sc-no_signature.xml');
    expect(a.ok && a.signer).toBe(null);
  });

  it.each([
    ['wis2box-sc-invalid_digest.xml', /digest mismatch/],
    ['wis2box-sc-invalid_signature.xml', /signature value does not verify/],
    ['wis2box-sc-invalid_certificate.xml', /certificate in KeyInfo is not valid base64/],
    ['wis2box-tg-invalid_schema.xml', /not valid CAP 1\.2: line \d+: .*audience.*Expected is .*certainty/],
    ['google-invalid.cap', /not valid CAP 1\.2: .*info.*not expected/],
  ])('refuses %s with the reason', async (name, reason) => {
    const a = await one(name);
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.reason).toMatch(reason);
  });

  it('reads a DWD multilingual alert with exclude polygons', async () => {
    const a = await one('dwd-rain-exclude.xml');
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.alert).toMatchObject({
      kind: 'rainstorm',
      level: 'yellow',
      language: 'en',
      event: 'heavy rain',
    });
    expect(a.alert.languages).toEqual(['de-DE', 'en', 'ar']);
    expect(a.alert.area.polygons.some((p) => p.length > 1)).toBe(true);
    expect(a.alert.area.geocodes).toContain('WARNCELLID=803159007');
    expect(a.alert.areaDesc).toBe('polygonal event area; Gemeinde Bovenden; Gemeinde Derental');
  });

  it('reads cap:-prefixed and Latin-1 alerts', async () => {
    const au = await one('google-australia.cap');
    expect(au.ok && au.alert.area.circles[0]).toEqual({ lat: -35.3888, lon: 147.0598, radiusKm: 25 });
    const quake = await one('google-earthquake-iso8859-1.cap');
    expect(quake.ok || quake.reason).toBe(true);
  });

  it('names a CAP 1.1 entry of a feed as refused', async () => {
    const r = await readCapBody(fixture('google-amber.atom'));
    expect(r.format).toBe('atom');
    expect(r.alerts[0]).toMatchObject({ ok: false, reason: expect.stringMatching(/not CAP 1\.2/) });
  });

  const attrs = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="1"`).join('');
  // Each took seconds to tens of seconds in xmldom's tree on the thread that answers HTTP.
  it.each([
    [
      '200,000 nested elements (1.4 MB)',
      `${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}`,
      'cap.too_deep',
      'elements nested: 33 (at most 32)',
    ],
    [
      '120,000 attributes on one element',
      `<alert${attrs(120_000)}/>`,
      'cap.too_many_attributes',
      'attributes on one element: 65 (at most 64)',
    ],
    [
      '120,000 attributes, 60 on each of 2,000 elements',
      `<feed>${`<entry${attrs(60)}/>`.repeat(2_000)}</feed>`,
      'cap.too_many_attributes',
      'attributes: 50,001 (at most 50,000)',
    ],
    [
      '150,000 elements',
      `<feed>${'<e/>'.repeat(150_000)}</feed>`,
      'cap.too_many_elements',
      'elements: 100,001 (at most 100,000)',
    ],
    [
      '2 MiB and one byte',
      `<alert>${'x'.repeat(2 * 1024 * 1024 - 14)}</alert>`,
      'cap.too_large',
      'body bytes: 2,097,153 (at most 2,097,152)',
    ],
  ])('refuses %s by its limit before any tree is built', async (_, body, code, message) => {
    const err = await readCapBody(Buffer.from(body)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code, statusCode: 400, message, details: [{ field: 'body', message }] });
  });
});
