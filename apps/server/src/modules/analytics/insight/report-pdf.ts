import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { withEmbeddedFont } from './report-fonts.js';

/**
 * Prints report HTML to PDF in headless Chromium (the same engine the screens are tested in, so the PDF looks
 * like the HTML, CJK text and SVG included; the CJK font travels in the page, `report-fonts.ts`). One browser per process, started on first use and closed with
 * the app (Playwright itself is loaded then); without a Chromium binary the printer says so and reports keep their HTML.
 */
export class ReportPrinter {
  private browser: Promise<Browser> | null = null;

  constructor(private readonly executablePath: string | null) {}

  /** Why PDFs cannot be made here, or null when they can. */
  unavailable(): string | null {
    if (!this.executablePath) return 'PDF not configured: REPORT_CHROMIUM_PATH is empty';
    if (!existsSync(this.executablePath)) return `PDF not configured: no Chromium at ${this.executablePath}`;
    return null;
  }

  async pdf(html: string): Promise<Buffer> {
    const why = this.unavailable();
    if (why) throw new Error(why);
    // Playwright is loaded on the first PDF, not at every start of the server.
    this.browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({
        executablePath: this.executablePath as string,
        args: [
          '--no-sandbox',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      }),
    );
    const browser = await this.browser.catch((error: unknown) => {
      this.browser = null;
      throw error;
    });
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      await page.setContent(await withEmbeddedFont(html), { waitUntil: 'load' });
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } finally {
      await context.close();
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    await (await browser?.catch(() => null))?.close();
  }
}
