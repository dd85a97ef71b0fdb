import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a reader of a PDF finds on each page: its text, and how far down the page the text goes. */
export interface PdfPage {
  text: string;
  /** The lowest text's distance from the page's top, as a share of the page's height (0–1). */
  reach: number;
}

/** The text of every page of a PDF, as pdf.js extracts it (what search and copy-paste get). */
export async function pdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const height = page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent();
      let text = '';
      let lowest = height;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.str.trim()) lowest = Math.min(lowest, item.transform[5] as number);
      }
      pages.push({ text, reach: 1 - lowest / height });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
