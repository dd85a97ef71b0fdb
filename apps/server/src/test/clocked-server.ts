import { runServer } from '../run-server.js';

/** Asked over IPC by the browser tests: move the server's clock forward by `ms`. */
interface AdvanceMessage {
  type: 'clock.advance';
  id: number;
  ms: number;
}

const isAdvance = (m: unknown): m is AdvanceMessage =>
  typeof m === 'object' &&
  m !== null &&
  (m as AdvanceMessage).type === 'clock.advance' &&
  Number.isFinite((m as AdvanceMessage).ms) &&
  (m as AdvanceMessage).ms >= 0;

/**
 * The server exactly as `npm start` runs it (`run-server.ts`), on a clock the browser tests can move forward
 * instead of waiting real minutes for an all-clear, an offline device or the cell tracker's next step. The
 * clock runs at the real pace, `offset` ahead; moving it on runs at once the work timed by the minute (the
 * cell tracker's steps), while the work timed by the second (the warning engine, the device monitor) sees
 * the new time at its next tick. Started only by the browser tests' harness (`apps/web/e2e/server.ts`).
 */
let offsetMs = 0;
const app = await runServer({ now: () => new Date(Date.now() + offsetMs) });
process.on('message', (message: unknown) => {
  if (!isAdvance(message)) return;
  offsetMs += message.ms;
  void app.services.cellTracker.catchUp().then(
    () => process.send?.({ type: 'clock.advanced', id: message.id, nowMs: Date.now() + offsetMs }),
    (error: unknown) => process.send?.({ type: 'clock.advanced', id: message.id, error: String(error) }),
  );
});
