import { DEVICE_ID_PATTERN, DEVICE_KINDS } from '@thunderwatch/shared/device-kinds';
import type { DeviceKind } from '@thunderwatch/shared/schemas/devices';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { useCreateDevice } from '../api/create-device';

const ID = new RegExp(DEVICE_ID_PATTERN);

/**
 * Registers a device (group admins): its wire id, name (and optional English name), kind, position and optional
 * model, serial, firmware.
 */
export function DeviceForm({ onDone }: { onDone: (id: string | null) => void }) {
  const { t } = useTranslation();
  const create = useCreateDevice();
  const [f, setF] = useState({
    id: '',
    name: '',
    name_en: '',
    lat: '',
    lon: '',
    model: '',
    serial: '',
    firmware: '',
  });
  const [kind, setKind] = useState<DeviceKind>('station');
  const set = (k: keyof typeof f) => (v: string) => setF((old) => ({ ...old, [k]: v }));
  const lat = Number(f.lat);
  const lon = Number(f.lon);
  const problems = {
    id: f.id && !ID.test(f.id) ? t('device.form.bad_id') : null,
    lat: f.lat && !(Math.abs(lat) <= 90) ? t('device.form.bad_lat') : null,
    lon: f.lon && !(Math.abs(lon) <= 180) ? t('device.form.bad_lon') : null,
  };
  const ready =
    f.id && f.name.trim() && f.lat.trim() && f.lon.trim() && !problems.id && !problems.lat && !problems.lon;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    create.mutate(
      {
        id: f.id,
        name: f.name.trim(),
        name_en: f.name_en.trim() || null,
        kind,
        lat,
        lon,
        model: f.model.trim(),
        serial: f.serial.trim(),
        firmware: f.firmware.trim(),
      },
      { onSuccess: (d) => onDone(d.id) },
    );
  };

  return (
    <form className="device-form" onSubmit={submit} aria-labelledby="device-form-title">
      <h2 id="device-form-title">{t('device.form.title')}</h2>
      <Field
        id="device-id"
        label={t('device.form.id')}
        value={f.id}
        onValueChange={set('id')}
        maxLength={64}
        hint={t('device.form.id_hint')}
        error={problems.id}
        required
      />
      <Field
        id="device-name"
        label={t('device.form.name')}
        value={f.name}
        onValueChange={set('name')}
        maxLength={100}
        required
      />
      <Field
        id="device-name-en"
        label={t('device.form.name_en')}
        hint={t('device.form.name_en_hint')}
        value={f.name_en}
        onValueChange={set('name_en')}
        maxLength={100}
      />
      <div className="field">
        <label htmlFor="device-kind">{t('device.fields.kind')}</label>
        <select id="device-kind" value={kind} onChange={(e) => setKind(e.target.value as DeviceKind)}>
          {DEVICE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`device.kind.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="device-form-row">
        <Field
          id="device-lat"
          label={t('device.form.lat')}
          value={f.lat}
          onValueChange={set('lat')}
          inputMode="decimal"
          error={problems.lat}
          required
        />
        <Field
          id="device-lon"
          label={t('device.form.lon')}
          value={f.lon}
          onValueChange={set('lon')}
          inputMode="decimal"
          error={problems.lon}
          required
        />
      </div>
      <Field
        id="device-model"
        label={t('device.fields.model')}
        value={f.model}
        onValueChange={set('model')}
        maxLength={100}
      />
      <Field
        id="device-serial"
        label={t('device.fields.serial')}
        value={f.serial}
        onValueChange={set('serial')}
        maxLength={100}
      />
      <Field
        id="device-firmware"
        label={t('device.fields.firmware')}
        value={f.firmware}
        onValueChange={set('firmware')}
        maxLength={100}
      />
      <ErrorMessage error={create.error} />
      <div className="device-form-row">
        <button type="submit" className="button" disabled={!ready || create.isPending}>
          {t('device.form.save')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onDone(null)}>
          {t('device.form.cancel')}
        </button>
      </div>
    </form>
  );
}
