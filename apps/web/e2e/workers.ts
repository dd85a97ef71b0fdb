/** How many spec files run at once, each worker with a shared server of its own (see shared-server.ts). */
export const E2E_WORKERS = 1;
