import type { RunFailureCode } from '@thunderwatch/shared/model-ids';
import type { RunFailureReason } from '../runs/runs-repo.js';
import { INVALID_ANSWER } from './forecast-response.js';

export type RunFailureParams = RunFailureReason['params'];

/** An error that knows the code of the failure it causes; any other error fails a run as `failed`. */
export class RunFailure extends Error {
  constructor(
    message: string,
    readonly code: RunFailureCode,
    readonly params: RunFailureParams = {},
  ) {
    super(message);
  }
}

/** The reason a run fails with, from what was thrown. */
export function failureOf(error: unknown): RunFailureReason {
  const text = error instanceof Error ? error.message : String(error);
  if (error instanceof RunFailure) return { text, code: error.code, params: error.params };
  // From the model worker, a bad answer of the forecast service comes back as its text.
  if (text.startsWith(INVALID_ANSWER)) return { text, code: 'forecast_invalid', params: {} };
  return { text, code: 'failed', params: {} };
}
