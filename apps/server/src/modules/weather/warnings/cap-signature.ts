/**
 * Enveloped XML signatures on CAP alerts (XML-DSig, as wis2box and national services sign them). Trust model:
 * the key in the signature's own KeyInfo (its
 * X509Certificate, else its RSAKeyValue). A signature proves that the alert was not changed after the
 * holder of that certificate's key signed it; it does not prove who the holder is (no certificate chain or
 * pinned keys): identity comes from the feed key the alert arrived with. An alert without a signature is
 * accepted; one whose signature does not verify is refused with the reason.
 */
import { createPublicKey, verify, X509Certificate } from 'node:crypto';
import { DOMParser, type Element, XMLSerializer } from '@xmldom/xmldom';
import { C14nCanonicalization, SignedXml } from 'xml-crypto';
import { childElements } from './cap-xml.js';

const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** ECDSA as XML-DSig carries it: r‖s (IEEE P1363), not DER. */
class EcdsaSha256 {
  getSignature(): never {
    throw new Error('signing is not supported');
  }
  verifySignature(material: string, key: string, signature: string): boolean {
    return verify(
      'sha256',
      Buffer.from(material),
      { key: createPublicKey(key), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64'),
    );
  }
  getAlgorithmName(): string {
    return 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256';
  }
}

export interface SignatureCheck {
  signed: boolean;
  /** The signing certificate's subject, when signed. */
  subject: string | null;
}

/** Base64 that re-encodes to itself: a changed character in padding bits is a changed certificate. */
function canonicalBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  const bytes = Buffer.from(compact, 'base64');
  return bytes.length > 0 && bytes.toString('base64') === compact ? bytes : null;
}

/** The key in KeyInfo (an X509Certificate, else an RSAKeyValue) as PEM, with a name for it; or why not. */
function keyOf(signature: Element): { pem: string; subject: string } | string {
  const text = (name: string) => signature.getElementsByTagNameNS(DSIG_NS, name)[0]?.textContent ?? null;
  const cert = text('X509Certificate');
  if (cert !== null) {
    const der = canonicalBase64(cert);
    if (!der) return 'the certificate in KeyInfo is not valid base64 (altered?)';
    try {
      const x509 = new X509Certificate(der);
      return { pem: x509.toString(), subject: x509.subject.replace(/\n/g, ', ') };
    } catch {
      return 'the certificate in KeyInfo cannot be read';
    }
  }
  const modulus = text('Modulus');
  const exponent = text('Exponent');
  if (modulus === null || exponent === null)
    return 'the signature carries no X509Certificate or RSAKeyValue in KeyInfo';
  const n = canonicalBase64(modulus);
  const e = canonicalBase64(exponent);
  if (!n || !e) return 'the RSAKeyValue in KeyInfo is not valid base64 (altered?)';
  try {
    const jwk = { kty: 'RSA', n: n.toString('base64url'), e: e.toString('base64url') };
    const pem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    return { pem: pem.toString(), subject: 'RSAKeyValue' };
  } catch {
    return 'the RSAKeyValue in KeyInfo cannot be read';
  }
}

/** DigestValue and SignatureValue in canonical base64: an edit in padding bits still changes the message. */
function valuesCanonical(signature: Element): string | null {
  for (const name of ['DigestValue', 'SignatureValue']) {
    for (const e of Array.from(signature.getElementsByTagNameNS(DSIG_NS, name))) {
      if (!canonicalBase64(e.textContent ?? '')) {
        return name === 'DigestValue'
          ? 'signature digest mismatch: DigestValue is not canonical base64 (altered)'
          : 'signature value does not verify: SignatureValue is not canonical base64 (altered)';
      }
    }
  }
  return null;
}

/** `ok`, `digest` (the signed content changed) or `signature` (the value does not verify). */
function check(xml: string, signature: Element, pem: string): 'ok' | 'digest' | 'signature' {
  const sig = new SignedXml({ publicCert: pem });
  // C14N 1.1 differs from 1.0 only for xml:id/xml:base inheritance, which CAP alerts do not use.
  sig.CanonicalizationAlgorithms['http://www.w3.org/2006/12/xml-c14n11'] = C14nCanonicalization;
  sig.SignatureAlgorithms['http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256'] =
    EcdsaSha256 as unknown as (typeof sig.SignatureAlgorithms)[string];
  sig.loadSignature(signature as unknown as Parameters<SignedXml['loadSignature']>[0]);
  try {
    return sig.checkSignature(xml) ? 'ok' : 'digest';
  } catch (error) {
    return /signature value/.test((error as Error).message) ? 'signature' : 'digest';
  }
}

/** Whitespace-only text removed: signers that pretty-print after signing (wis2box) signed this form. */
function withoutBlankText(xml: string): { xml: string; signature: Element } | null {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const strip = (e: Element) => {
    for (let c = e.firstChild; c; ) {
      const next = c.nextSibling;
      if (c.nodeType === 3 && !(c.textContent ?? '').trim()) e.removeChild(c);
      else if (c.nodeType === 1) strip(c as Element);
      c = next;
    }
  };
  if (!doc.documentElement) return null;
  strip(doc.documentElement);
  const text = new XMLSerializer().serializeToString(doc);
  const again = new DOMParser().parseFromString(text, 'text/xml').documentElement;
  const signature = again && childElements(again).find((e) => e.localName === 'Signature');
  return signature ? { xml: text, signature } : null;
}

/** Verifies every enveloped signature of the alert; the reason when one fails. */
export function checkCapSignature(alert: Element, xml: string): SignatureCheck | string {
  const signatures = childElements(alert).filter(
    (e) => e.localName === 'Signature' && e.namespaceURI === DSIG_NS,
  );
  if (signatures.length === 0) return { signed: false, subject: null };
  if (signatures.length > 1) return 'more than one signature: only a single enveloped signature is verified';
  const signature = signatures[0] as Element;
  const key = keyOf(signature);
  if (typeof key === 'string') return key;
  const altered = valuesCanonical(signature);
  if (altered) return altered;
  const pem = key.pem;
  let result: ReturnType<typeof check>;
  try {
    result = check(xml, signature, pem);
    if (result !== 'ok') {
      const stripped = withoutBlankText(xml);
      if (stripped) result = check(stripped.xml, stripped.signature, pem);
    }
  } catch (error) {
    return `the signature cannot be checked: ${(error as Error).message.slice(0, 200)}`;
  }
  if (result === 'digest') return 'signature digest mismatch: the signed content was changed after signing';
  if (result === 'signature') return 'signature value does not verify with the certificate in KeyInfo';
  return { signed: true, subject: key.subject.slice(0, 200) };
}
