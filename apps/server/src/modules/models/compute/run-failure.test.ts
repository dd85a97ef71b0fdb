import { describe, expect, it } from 'vitest';
import { ForecastServiceError } from './forecast-client.js';
import { INVALID_ANSWER } from './forecast-response.js';
import { failureOf, RunFailure } from './run-failure.js';

describe('failureOf', () => {
  it('keeps the code and parameters of a failure that has them, with its English text', () => {
    expect(
      failureOf(new RunFailure('no storm-cell step in the last 5 min', 'no_cell_step', { minutes: 5 })),
    ).toEqual({
      text: 'no storm-cell step in the last 5 min',
      code: 'no_cell_step',
      params: { minutes: 5 },
    });
    expect(
      failureOf(
        new ForecastServiceError('answered HTTP 503', 'forecast_http', { host: 'fc.example', status: 503 }),
      ),
    ).toMatchObject({ code: 'forecast_http', params: { host: 'fc.example', status: 503 } });
  });

  it("knows a bad answer by its text (it crosses the worker's boundary as text), anything else is failed", () => {
    expect(failureOf(new Error(`${INVALID_ANSWER}it is not JSON`))).toMatchObject({
      code: 'forecast_invalid',
      params: {},
    });
    expect(failureOf(new Error('the model worker stopped while computing'))).toEqual({
      text: 'the model worker stopped while computing',
      code: 'failed',
      params: {},
    });
    expect(failureOf('thrown text')).toMatchObject({ text: 'thrown text', code: 'failed' });
  });
});
