import type { Language } from '@thunderwatch/shared/languages';

/** Verify-code text per language; `code` is already six digits. */
export const VERIFY_CODE_SMS: Record<Language, (code: string) => string> = {
  'zh-Hans': (code) => `【雷电监测预警平台】您的验证码是 ${code}，5 分钟内有效。如非本人操作，请忽略本短信。`,
  en: (code) =>
    `[Thunderwatch] Your verification code is ${code}. It is valid for 5 minutes. Ignore this if it was not you.`,
};
