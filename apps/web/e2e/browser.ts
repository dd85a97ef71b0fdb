import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with nothing reaching out to the network on its own. */
export function launchBrowser(): Promise<Browser> {
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
