import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared servers' addresses, one per worker (global-setup.ts starts them). */
    baseUrls: string[];
  }
}

/**
 * The shared server of this worker: specs of one worker run one after another on it, as they would on a
 * single server, while another worker's specs run on another server at the same time.
 */
export function sharedServerUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length] as string;
}
