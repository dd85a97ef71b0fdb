import { readFileSync } from 'node:fs';
import { RUN_FAILURE_CODES } from '@thunderwatch/shared/model-ids';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { runFailureText } from './run-reason';

const file = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../../public/assets/i18n/${lang}.json`, import.meta.url), 'utf8'));
const en = file('en');
const zh = file('zh-Hans');

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'zh-Hans',
  resources: { en: { translation: en }, 'zh-Hans': { translation: zh } },
  interpolation: { escapeValue: false },
});

describe('runFailureText', () => {
  it('words a code with its parameters in either language', () => {
    const run = {
      reason: 'no storm-cell step in the last 5 min: the cell tracker (a step a minute) has not started yet',
      reason_code: 'no_cell_step' as const,
      reason_params: { minutes: 5 },
    };
    expect(runFailureText(i18n.getFixedT('zh-Hans'), run).text).toBe(
      '最近 5 分钟内没有雷暴单体识别结果：单体追踪尚未启动或已停止',
    );
    expect(runFailureText(i18n.getFixedT('en'), run).text).toMatch(/^no storm-cell step in the last 5 min/);
  });

  it('has words for every code in both languages', () => {
    for (const lng of ['en', 'zh-Hans'])
      for (const code of RUN_FAILURE_CODES) {
        const { text } = runFailureText(i18n.getFixedT(lng), {
          reason: 'x',
          reason_code: code,
          reason_params: { minutes: 5, host: 'example.org', seconds: 30, status: 503, model: 'fire_risk' },
        });
        expect(text, `${lng} ${code}`).not.toContain('home.models');
        expect(text).not.toContain('{{');
      }
  });

  it('shows the text of a run failed before codes as it is, and keeps the detail of an uncoded error', () => {
    const t = i18n.getFixedT('zh-Hans');
    expect(runFailureText(t, { reason: 'old text', reason_code: null, reason_params: null }).text).toBe(
      'old text',
    );
    expect(runFailureText(t, { reason: 'worker died', reason_code: 'failed', reason_params: {} })).toEqual({
      text: '计算出错',
      detail: 'worker died',
    });
  });
});
