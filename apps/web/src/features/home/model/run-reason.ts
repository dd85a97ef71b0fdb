import type { ModelRunDto } from '@thunderwatch/shared/schemas/models';
import type { TFunction } from 'i18next';

/**
 * Why a run failed, in the reader's language: its code worded with its parameters. A run failed before the
 * server sent codes has its English text only, shown as it is; `failed` (an error the server has no code for)
 * is worded, and its English text is left for the tooltip (`detail`).
 */
export function runFailureText(
  t: TFunction,
  run: Pick<ModelRunDto, 'reason' | 'reason_code' | 'reason_params'>,
): { text: string; detail: string } {
  if (run.reason_code === null) return { text: run.reason ?? '', detail: run.reason ?? '' };
  const text = t(`home.models.reason.${run.reason_code}`, { ...(run.reason_params ?? {}) });
  return { text, detail: run.reason_code === 'failed' ? (run.reason ?? text) : text };
}
