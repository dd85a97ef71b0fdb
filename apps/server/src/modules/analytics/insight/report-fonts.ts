import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The report's own CJK font, so a PDF reads right on a server with no CJK font installed (a box for every
 * Chinese character otherwise): Noto Sans SC from the `@fontsource/noto-sans-sc` package, which splits it into
 * about a hundred WOFF2 files per weight by Unicode range. Only the files holding a character of the report are
 * embedded (as data URLs, so the offline print needs nothing but the HTML), in the weights the report's styles
 * use; Chromium then subsets the glyphs into the PDF.
 */
export const REPORT_FONT_FAMILY = 'Noto Sans SC';
/** Every text of a report (styles and charts): the embedded font first, so a PDF looks the same on any server. */
export const REPORT_FONT_STACK = `'${REPORT_FONT_FAMILY}', 'Noto Sans CJK SC', 'Microsoft YaHei', 'DejaVu Sans', sans-serif`;
/** Regular text, and bold (headings, the figures' values at 600 take the nearest, 700). */
const WEIGHTS = [400, 700] as const;

interface FontChunk {
  weight: number;
  file: string;
  /** Inclusive code point ranges, as the stylesheet's unicode-range lists them. */
  ranges: [number, number][];
  unicodeRange: string;
}

const packageDir = path.dirname(
  createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/package.json'),
);

/** The @font-face rules of one weight's stylesheet: each WOFF2 file with its unicode-range. */
export function parseFontFaces(css: string, weight: number): FontChunk[] {
  const chunks: FontChunk[] = [];
  for (const block of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const body = block[1] ?? '';
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(body)?.[1];
    const unicodeRange = /unicode-range:\s*([^;]+);/.exec(body)?.[1]?.trim();
    if (!file || !unicodeRange) continue;
    const ranges = unicodeRange.split(',').map((part): [number, number] => {
      const [lo, hi] = part.trim().replace(/^U\+/i, '').split('-');
      const start = Number.parseInt(lo ?? '', 16);
      return [start, hi === undefined ? start : Number.parseInt(hi, 16)];
    });
    chunks.push({ weight, file, ranges, unicodeRange });
  }
  return chunks;
}

/** The code points of a text, once each, sorted. */
export function codePointsOf(text: string): number[] {
  const seen = new Set<number>();
  for (const ch of text) seen.add(ch.codePointAt(0) as number);
  return [...seen].sort((a, b) => a - b);
}

/** Whether a chunk holds any of the (sorted) code points. */
export function chunkHolds(chunk: Pick<FontChunk, 'ranges'>, sortedPoints: readonly number[]): boolean {
  return chunk.ranges.some(([lo, hi]) => {
    // The first point ≥ lo, by binary search.
    let a = 0;
    let b = sortedPoints.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if ((sortedPoints[mid] as number) < lo) a = mid + 1;
      else b = mid;
    }
    const p = sortedPoints[a];
    return p !== undefined && p <= hi;
  });
}

let catalogue: Promise<FontChunk[]> | null = null;
const files = new Map<string, Promise<string>>();

async function allChunks(): Promise<FontChunk[]> {
  catalogue ??= Promise.all(
    WEIGHTS.map(async (w) => parseFontFaces(await readFile(path.join(packageDir, `${w}.css`), 'utf8'), w)),
  ).then((lists) => lists.flat());
  return catalogue;
}

function base64Of(file: string): Promise<string> {
  let read = files.get(file);
  if (!read) {
    read = readFile(path.join(packageDir, 'files', file)).then((b) => b.toString('base64'));
    files.set(file, read);
  }
  return read;
}

/** The @font-face rules embedding the font files that hold the characters of `html`. */
export async function embeddedFontCss(html: string): Promise<string> {
  const points = codePointsOf(html);
  const needed = (await allChunks()).filter((c) => chunkHolds(c, points));
  const rules = await Promise.all(
    needed.map(
      async (c) =>
        `@font-face{font-family:'${REPORT_FONT_FAMILY}';font-style:normal;font-weight:${c.weight};` +
        `src:url(data:font/woff2;base64,${await base64Of(c.file)}) format('woff2');unicode-range:${c.unicodeRange};}`,
    ),
  );
  return rules.join('\n');
}

/** The report's HTML with its font embedded (before `</head>`, or at the start without one). */
export async function withEmbeddedFont(html: string): Promise<string> {
  const style = `<style>${await embeddedFontCss(html)}</style>`;
  const at = html.indexOf('</head>');
  return at < 0 ? style + html : html.slice(0, at) + style + html.slice(at);
}
