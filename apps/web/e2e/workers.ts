/**
 * How many spec files run at once (`E2E_WORKERS`, default 2), each worker with a shared server of its own
 * (see shared-server.ts). Two fit on two cores since the page is composited in software (browser.ts); with
 * compositing through SwiftShader one spec took both.
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 2);
