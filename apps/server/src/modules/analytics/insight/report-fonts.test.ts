import { describe, expect, it } from 'vitest';
import {
  chunkHolds,
  codePointsOf,
  embeddedFontCss,
  parseFontFaces,
  withEmbeddedFont,
} from './report-fonts.js';

const CSS = `/* noto-sans-sc-[4]-400-normal */
@font-face {
  font-family: 'Noto Sans SC';
  font-weight: 400;
  src: url(./files/noto-sans-sc-4-400-normal.woff2) format('woff2'), url(./files/noto-sans-sc-4-400-normal.woff) format('woff');
  unicode-range: U+1f1e9-1f1f5,U+1f21a;
}
@font-face {
  font-family: 'Noto Sans SC';
  font-weight: 400;
  src: url(./files/noto-sans-sc-119-400-normal.woff2) format('woff2');
  unicode-range: U+4e00-4e0f,U+96f7;
}`;

describe('report fonts', () => {
  it('reads each WOFF2 file and its unicode-range from the stylesheet', () => {
    expect(parseFontFaces(CSS, 400)).toEqual([
      {
        weight: 400,
        file: 'noto-sans-sc-4-400-normal.woff2',
        ranges: [
          [0x1f1e9, 0x1f1f5],
          [0x1f21a, 0x1f21a],
        ],
        unicodeRange: 'U+1f1e9-1f1f5,U+1f21a',
      },
      {
        weight: 400,
        file: 'noto-sans-sc-119-400-normal.woff2',
        ranges: [
          [0x4e00, 0x4e0f],
          [0x96f7, 0x96f7],
        ],
        unicodeRange: 'U+4e00-4e0f,U+96f7',
      },
    ]);
  });

  it.each<[string, string, boolean]>([
    ['a character inside a range', '雷', true],
    ['a range’s first code point', '一', true],
    ['a range’s last code point', '丏', true],
    ['characters between the ranges only', '丐乂', false],
    ['Latin only', 'Ng 0.01', false],
  ])('%s: holds %s → %s', (_case, text, holds) => {
    const chunk = parseFontFaces(CSS, 400)[1] as Parameters<typeof chunkHolds>[0];
    expect(chunkHolds(chunk, codePointsOf(text))).toBe(holds);
  });

  it('embeds only the files holding the report’s characters, regular and bold', async () => {
    const css = await embeddedFontCss('<h1>广东雷电月报</h1>');
    const faces = css.split('\n');
    expect(faces.length).toBeGreaterThan(0);
    expect(faces.every((f) => f.startsWith("@font-face{font-family:'Noto Sans SC'"))).toBe(true);
    expect(new Set(faces.map((f) => /font-weight:(\d+)/.exec(f)?.[1]))).toEqual(new Set(['400', '700']));
    // A handful of the ~200 files: the characters of the title and the markup, not the whole font.
    expect(faces.length).toBeLessThan(20);
    expect(css).toContain('src:url(data:font/woff2;base64,d09GM');
    // An all-Latin page needs only the Latin files.
    expect((await embeddedFontCss('Ng')).split('\n').length).toBeLessThan(faces.length);
  });

  it('puts the fonts in the page’s head', async () => {
    const html = await withEmbeddedFont('<html><head><title>雷</title></head><body>雷</body></html>');
    expect(html).toMatch(
      /^<html><head><title>雷<\/title><style>@font-face\{.*<\/style><\/head><body>雷<\/body><\/html>$/s,
    );
  });
});
