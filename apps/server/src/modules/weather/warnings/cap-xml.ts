/**
 * Reading a CAP body: a single `<alert>`, an Atom feed or an RSS channel whose entries embed alerts. No DTD
 * is ever processed: any `<!DOCTYPE` or `<!ENTITY` refuses the body (XML external entities, entity
 * expansion), before a parser sees it. Entries that only link to an alert are named as not fetched.
 */
import { DOMParser, type Element, onErrorStopParsing, XMLSerializer } from '@xmldom/xmldom';
import { AppError } from '../../../lib/app-error.js';
import { checkCapShape } from './cap-limits.js';

export const CAP12_NS = 'urn:oasis:names:tc:emergency:cap:1.2';
const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** One alert of the body: its element and its own text (what the schema and signature checks read). */
export type CapItem =
  | { ok: true; element: Element; xml: string }
  | { ok: false; identifier: string | null; sender: string | null; reason: string };

export interface CapDocument {
  format: 'alert' | 'atom' | 'rss';
  items: CapItem[];
}

const refuse = (message: string) => new AppError('cap.invalid', 400, message, [{ field: 'body', message }]);

/** UTF-8 unless the declaration says ISO-8859-1/Latin-1 or US-ASCII (USGS sends Latin-1). */
export function decodeCapBody(body: Buffer): string {
  const head = body.subarray(0, 200).toString('latin1');
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1]?.toLowerCase();
  if (declared && /^(iso-8859-1|latin-?1|us-ascii|ascii)$/.test(declared)) return body.toString('latin1');
  if (declared && !/^utf-?8$/.test(declared)) {
    throw new AppError('cap.invalid', 400, `encoding ${declared} is not supported (send UTF-8)`, [
      { field: 'body', message: `encoding ${declared}` },
    ]);
  }
  const text = body.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The text as the schema checker reads it: its declaration says UTF-8 (it is handed over as UTF-8). */
export const asUtf8Declared = (xml: string) =>
  xml.replace(/^(\s*<\?xml[^>]*encoding\s*=\s*)(["'])[^"']*\2/i, '$1$2UTF-8$2');

/** Alerts in one body: each is a transaction and a file for the schema check. */
export const MAX_ALERTS = 500;

export function readCapDocument(text: string): CapDocument {
  const dtd = /<!(DOCTYPE|ENTITY)/i.exec(text);
  if (dtd) {
    throw new AppError(
      'cap.doctype_refused',
      400,
      `<!${dtd[1]?.toUpperCase()}> is refused: CAP needs no DTD, and entities could read files or URLs (XXE)`,
      [{ field: 'body', message: `<!${dtd[1]?.toUpperCase()}> at offset ${dtd.index}` }],
    );
  }
  // Depth, elements and attributes counted in one streaming pass before xmldom builds a tree.
  checkCapShape(text);
  let root: Element | null;
  try {
    root = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, 'text/xml').documentElement;
  } catch (error) {
    throw refuse(`not well-formed XML: ${(error as Error).message.split('\n')[0]?.slice(0, 200)}`);
  }
  if (!root) throw refuse('no root element');
  if (root.localName === 'alert') return { format: 'alert', items: [itemOf(root, text)] };
  if (root.localName === 'feed' && root.namespaceURI === ATOM_NS) {
    return { format: 'atom', items: bounded(entries(root, 'entry', ATOM_NS)) };
  }
  if (root.localName === 'rss') {
    const channel = childElements(root).find((e) => e.localName === 'channel');
    return { format: 'rss', items: bounded(channel ? entries(channel, 'item', null) : []) };
  }
  throw refuse(`root element <${root.tagName}> is neither a CAP alert, an Atom feed nor an RSS channel`);
}

function bounded(items: CapItem[]): CapItem[] {
  if (items.length > MAX_ALERTS) throw refuse(`${items.length} entries in one feed (at most ${MAX_ALERTS})`);
  return items;
}

function itemOf(alert: Element, ownText: string | null): CapItem {
  if (alert.namespaceURI !== CAP12_NS) {
    return {
      ok: false,
      identifier: childText(alert, 'identifier'),
      sender: childText(alert, 'sender'),
      reason: `not CAP 1.2 (namespace ${alert.namespaceURI ?? 'none'})`,
    };
  }
  return { ok: true, element: alert, xml: ownText ?? new XMLSerializer().serializeToString(alert) };
}

function entries(parent: Element, name: string, ns: string | null): CapItem[] {
  const out: CapItem[] = [];
  for (const entry of childElements(parent)) {
    if (entry.localName !== name || (ns !== null && entry.namespaceURI !== ns)) continue;
    const alert = findAlert(entry);
    if (alert) {
      out.push(itemOf(alert, null));
      continue;
    }
    const id = childElements(entry).find((e) => e.localName === 'id' || e.localName === 'guid');
    const link = linkOf(entry);
    out.push({
      ok: false,
      identifier: id?.textContent?.trim().slice(0, 256) || link,
      sender: null,
      reason: link
        ? `linked alert not fetched (${link.slice(0, 200)}): embed the alert`
        : 'entry holds no alert',
    });
  }
  return out;
}

/** An `<alert>` anywhere inside an entry (Atom `content`, RSS extensions). */
function findAlert(e: Element): Element | null {
  for (const c of childElements(e)) {
    if (c.localName === 'alert') return c;
    const deeper = findAlert(c);
    if (deeper) return deeper;
  }
  return null;
}

function linkOf(entry: Element): string | null {
  for (const c of childElements(entry)) {
    if (c.localName !== 'link') continue;
    const href = c.getAttribute('href') || c.textContent?.trim();
    if (href) return href;
  }
  return null;
}

export function childElements(e: Element): Element[] {
  const out: Element[] = [];
  for (let c = e.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as Element);
  return out;
}

/** The trimmed text of the first child element named `name`, or null. */
export function childText(e: Element, name: string): string | null {
  for (let c = e.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).localName === name) return c.textContent?.trim() ?? '';
  }
  return null;
}
