import type { CapIngestResult } from '@thunderwatch/shared/schemas/weather-warning';
import { type ParsedAlert, readAlert } from './cap-alert.js';
import { checkCapBytes } from './cap-limits.js';
import { capSchemaErrors } from './cap-schema.js';
import { checkCapSignature } from './cap-signature.js';
import { asUtf8Declared, type CapItem, childText, decodeCapBody, readCapDocument } from './cap-xml.js';

export type ReadAlert =
  | { ok: true; alert: ParsedAlert; xml: string; signer: string | null }
  | { ok: false; identifier: string | null; sender: string | null; reason: string };

/**
 * A CAP body's alerts, each read and checked on its own (one bad alert of a feed does not lose the others):
 * the CAP 1.2 schema (the first xmllint messages as the reason), the enveloped signature where there is one,
 * then the fields. A body that is not XML, carries a DTD, or is neither an alert nor a feed throws 400.
 */
export async function readCapBody(
  body: Buffer,
): Promise<{ format: CapIngestResult['format']; alerts: ReadAlert[] }> {
  checkCapBytes(body);
  const doc = readCapDocument(decodeCapBody(body));
  const good = doc.items.filter((i): i is Extract<CapItem, { ok: true }> => i.ok);
  const schemaRun = capSchemaErrors(good.map((i) => asUtf8Declared(i.xml)));
  // Read while xmllint runs in its worker.
  const read = good.map((i) => ({
    item: i,
    alert: readAlert(i.element),
    signature: checkCapSignature(i.element, i.xml),
  }));
  const schema = await schemaRun;
  let k = 0;
  const alerts = doc.items.map((item): ReadAlert => {
    if (!item.ok) return item;
    const r = read[k] as (typeof read)[number];
    const errors = schema[k] ?? [];
    k++;
    const identity = {
      identifier: childText(item.element, 'identifier'),
      sender: childText(item.element, 'sender'),
    };
    if (errors.length > 0)
      return { ok: false, ...identity, reason: `not valid CAP 1.2: ${errors.join('; ')}` };
    if (typeof r.signature === 'string') return { ok: false, ...identity, reason: r.signature };
    if (typeof r.alert === 'string') return { ok: false, ...identity, reason: r.alert };
    return { ok: true, alert: r.alert, xml: item.xml, signer: r.signature.subject };
  });
  return { format: doc.format, alerts };
}
