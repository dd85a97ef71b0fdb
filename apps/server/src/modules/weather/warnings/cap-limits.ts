/**
 * What a CAP body may cost before a tree is built: its bytes, how deep its elements nest, how many elements
 * and attributes it has (on one element and in all). One streaming pass (saxes, a well-formedness checking
 * SAX tokenizer) counts them and stops at the first limit passed, so a hostile body costs at most the
 * tokenizing of the bytes up to that point: xmldom's tree, the schema and the signature never see it.
 */
import type { ErrorCode } from '@thunderwatch/shared/error-codes';
import { SaxesParser } from 'saxes';
import { AppError } from '../../../lib/app-error.js';

export const CAP_LIMITS = {
  /** A pushed body is also bounded by the route (413 above 2 MiB); a polled answer meets this one. */
  bytes: 2 * 1024 * 1024,
  /** An alert is 5 deep (alert/info/area/geocode/value), in an Atom feed 8; signatures add 3. */
  depth: 32,
  /** DWD's 407 KB alert with 1,344 geocodes has 9,809; a full 2 MiB body of that density about 50,000. */
  elements: 100_000,
  /** CAP elements carry almost none; Atom links and signatures a handful. */
  attributesPerElement: 64,
  attributes: 50_000,
} as const;

function tooMuch(code: ErrorCode, what: string, value: number, limit: number): AppError {
  const message = `${what}: ${value.toLocaleString('en')} (at most ${limit.toLocaleString('en')})`;
  return new AppError(code, 400, message, [{ field: 'body', message }]);
}

/** Refuses a body over the byte limit, before it is even decoded. */
export function checkCapBytes(body: Buffer): void {
  if (body.length > CAP_LIMITS.bytes) {
    throw tooMuch('cap.too_large', 'body bytes', body.length, CAP_LIMITS.bytes);
  }
}

/**
 * Refuses the text (400 naming the limit and the value reached) when it nests deeper, or has more elements or
 * attributes, than CAP_LIMITS allow, or is not well-formed XML. Linear in the text's length.
 */
export function checkCapShape(text: string): void {
  const parser = new SaxesParser({ position: false });
  let depth = 0;
  let elements = 0;
  let attributes = 0;
  let onElement = 0;
  parser.on('opentagstart', () => {
    depth++;
    elements++;
    onElement = 0;
    if (depth > CAP_LIMITS.depth) throw tooMuch('cap.too_deep', 'elements nested', depth, CAP_LIMITS.depth);
    if (elements > CAP_LIMITS.elements)
      throw tooMuch('cap.too_many_elements', 'elements', elements, CAP_LIMITS.elements);
  });
  parser.on('attribute', () => {
    attributes++;
    onElement++;
    if (onElement > CAP_LIMITS.attributesPerElement) {
      throw tooMuch(
        'cap.too_many_attributes',
        'attributes on one element',
        onElement,
        CAP_LIMITS.attributesPerElement,
      );
    }
    if (attributes > CAP_LIMITS.attributes)
      throw tooMuch('cap.too_many_attributes', 'attributes', attributes, CAP_LIMITS.attributes);
  });
  parser.on('closetag', () => {
    depth--;
  });
  parser.on('error', (error) => {
    const message = `not well-formed XML: ${error.message.split('\n')[0]?.slice(0, 200)}`;
    throw new AppError('cap.invalid', 400, message, [{ field: 'body', message }]);
  });
  parser.write(text).close();
}
