import {
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Browser as PlaywrightBrowser,
} from 'playwright-core';

/** What a spec does with its browser: contexts of its own, closed together at its end. */
export type Browser = Pick<PlaywrightBrowser, 'newContext' | 'close'>;

let chromiumOfWorker: Promise<PlaywrightBrowser> | null = null;

/**
 * The browser of a spec: contexts of its own (cookies, storage, pages) in the worker's Chromium, which is
 * launched once and kept from spec to spec, as the worker keeps its modules. `close()` closes the spec's
 * contexts. A launch costs about a second of CPU, and the specs are 36.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!chromiumOfWorker || !(await chromiumOfWorker).isConnected()) chromiumOfWorker = launchChromium();
  const shared = await chromiumOfWorker;
  const contexts = new Set<BrowserContext>();
  return {
    async newContext(options?: BrowserContextOptions) {
      const context = await shared.newContext(options);
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      return context;
    },
    async close() {
      await Promise.all([...contexts].map((c) => c.close()));
    },
  };
}

/** Debian's Chromium, headless, with nothing reaching out to the network on its own. */
function launchChromium(): Promise<PlaywrightBrowser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      // WebGL for the map, rendered in software on machines without a GPU.
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      // The page composited in software, as on a desk PC without a graphics card: through SwiftShader it
      // cost more than the map itself.
      '--disable-gpu-compositing',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** A fresh page whose browser language is `locale`; page errors fail the test through `errors`. */
export async function newPage(
  browser: Browser,
  locale = 'en-US',
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale, viewport: { width: 1400, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}
