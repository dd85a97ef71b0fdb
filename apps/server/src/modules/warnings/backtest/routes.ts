import { BacktestInput, BacktestResult } from '@thunderwatch/shared/schemas/backtest';
import { errors } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { BacktestService } from './backtest-service.js';

/** Backtest of a location's warning rings over stored strokes. */
export function backtestRoutes(app: App, backtests: BacktestService): void {
  app.post(
    '/api/warning/backtest',
    {
      // Up to 31 days of strokes around the location, read and replayed a page at a time: a read that
      // takes its turn with the other heavy ones.
      config: { heavyRead: true },
      schema: {
        tags: ['warnings'],
        body: BacktestInput,
        response: { 200: BacktestResult, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => backtests.run(callerOf(req), req.body),
  );
}
