import { useMutation } from '@tanstack/react-query';
import type { BacktestInput, BacktestResult } from '@thunderwatch/shared/schemas/backtest';
import { apiClient } from '../../../lib/api-client';

export function runBacktest(input: BacktestInput): Promise<BacktestResult> {
  return apiClient.post<BacktestResult>('/api/warning/backtest', input);
}

/** Rule set A (the location's rings) and B (an edited copy) over the same range, side by side. */
export function useBacktestPair() {
  return useMutation({
    mutationFn: ({ a, b }: { a: BacktestInput; b: BacktestInput }) =>
      Promise.all([runBacktest(a), runBacktest(b)]),
  });
}
