import { isLanguage, SUPPORTED_LANGUAGES } from '@thunderwatch/shared/languages';
import { nameIn } from '@thunderwatch/shared/names';
import type { CurrentUserDto, NotificationPrefs } from '@thunderwatch/shared/schemas/kit';
import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { apiClient } from '../../../lib/api-client';
import { changeLanguage } from '../../../lib/i18n';
import { timeZones } from '../../../lib/time';
import { orNull, useDraft } from '../../../lib/use-draft';
import { type OwnProfileChanges, useUpdateOwnProfile } from '../api/update-own-profile';

const CHANNELS: (keyof NotificationPrefs)[] = ['in_app', 'sms', 'email', 'wechat'];

export function OwnProfileForm({ user }: { user: CurrentUserDto }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateOwnProfile();
  const zones = useMemo(timeZones, []);
  const { draft, set, changes, dirty } = useDraft({
    name: user.name,
    phone: user.phone ?? '',
    email: user.email ?? '',
    language: user.language,
    time_zone: user.time_zone,
    notification_prefs: user.notification_prefs,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: OwnProfileChanges = {};
    if (changes.name !== undefined) body.name = changes.name.trim();
    if (changes.phone !== undefined) body.phone = orNull(changes.phone);
    if (changes.email !== undefined) body.email = orNull(changes.email);
    if (changes.language !== undefined) body.language = changes.language;
    if (changes.time_zone !== undefined) body.time_zone = changes.time_zone;
    if (changes.notification_prefs !== undefined) body.notification_prefs = changes.notification_prefs;
    update.mutate(body, {
      onSuccess: (saved) => {
        // A language chosen here becomes the interface language too.
        if (body.language !== undefined && saved.language !== i18n.language) {
          void changeLanguage(saved.language, { i18n, client: apiClient, storage: globalThis.localStorage });
        }
      },
    });
  };

  return (
    <form className="panel form" onSubmit={onSubmit} aria-labelledby="own-profile-title">
      <h2 id="own-profile-title">{t('profile.own_title')}</h2>
      <dl className="facts">
        <div>
          <dt>{t('profile.username')}</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>{t('profile.role')}</dt>
          <dd>{t(`roles.${user.role}`)}</dd>
        </div>
        <div>
          <dt>{t('profile.group')}</dt>
          <dd>{nameIn(i18n.language, user.group)}</dd>
        </div>
      </dl>
      <div className="form-grid">
        <Field
          id="profile-name"
          label={t('profile.name')}
          value={draft.name}
          onValueChange={(v) => set('name', v)}
        />
        <Field
          id="profile-phone"
          label={t('profile.phone')}
          type="tel"
          autoComplete="tel"
          value={draft.phone}
          onValueChange={(v) => set('phone', v)}
        />
        <Field
          id="profile-email"
          label={t('profile.email')}
          type="email"
          autoComplete="email"
          value={draft.email}
          onValueChange={(v) => set('email', v)}
        />
        <div className="field">
          <label htmlFor="profile-language">{t('profile.language')}</label>
          <select
            id="profile-language"
            value={draft.language}
            onChange={(event) => isLanguage(event.target.value) && set('language', event.target.value)}
          >
            {SUPPORTED_LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`languages.${lang}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="profile-time-zone">{t('profile.time_zone')}</label>
          <select
            id="profile-time-zone"
            value={draft.time_zone}
            onChange={(e) => set('time_zone', e.target.value)}
          >
            {!zones.includes(draft.time_zone) && <option value={draft.time_zone}>{draft.time_zone}</option>}
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="checkbox-group">
        <legend>{t('profile.notifications')}</legend>
        {CHANNELS.map((channel) => (
          <div key={channel} className="checkbox">
            <input
              id={`profile-notify-${channel}`}
              type="checkbox"
              checked={draft.notification_prefs[channel]}
              onChange={(event) =>
                set('notification_prefs', { ...draft.notification_prefs, [channel]: event.target.checked })
              }
            />
            <label htmlFor={`profile-notify-${channel}`}>{t(`profile.channel_${channel}`)}</label>
          </div>
        ))}
      </fieldset>
      <ErrorMessage error={update.error} />
      {update.isSuccess && !dirty && (
        <p className="alert alert-success" role="status">
          {t('profile.saved')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={!dirty || update.isPending}>
          {t('profile.save')}
        </button>
      </div>
    </form>
  );
}
