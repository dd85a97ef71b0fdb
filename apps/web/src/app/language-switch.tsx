import { useQueryClient } from '@tanstack/react-query';
import { isLanguage } from '@thunderwatch/shared/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../lib/api-client';
import { changeLanguage } from '../lib/i18n';
import { queryKeys } from '../lib/query-keys';
import { useIsPhone } from '../lib/use-media-query';

const LANGUAGE_NAMES = { 'zh-Hans': '简体中文', en: 'English' } as const;
/** On a phone the header has room for a short name only. */
const SHORT_NAMES = { 'zh-Hans': '中文', en: 'EN' } as const;

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const names = useIsPhone() ? SHORT_NAMES : LANGUAGE_NAMES;

  const onChange = async (value: string) => {
    if (!isLanguage(value)) return;
    setPending(true);
    const switched = await changeLanguage(value, {
      i18n,
      client: apiClient,
      storage: globalThis.localStorage,
    });
    setPending(false);
    // The server stores the language of a signed-in user; the profile shows it, and the inbox's messages are
    // worded in it when read.
    if (switched) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all });
    }
  };

  return (
    <div className="language-switch">
      <label htmlFor="language-switch" className="visually-hidden">
        {t('header.language')}
      </label>
      <select
        id="language-switch"
        value={i18n.language}
        disabled={pending}
        onChange={(event) => void onChange(event.target.value)}
      >
        {Object.entries(names).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
