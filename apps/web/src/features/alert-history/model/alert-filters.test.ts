import { describe, expect, it } from 'vitest';
import {
  type AlertView,
  alertFiltersKey,
  alertQueryOf,
  EMPTY_ALERT_FILTERS,
  paramsOfView,
  viewFromParams,
} from './alert-filters';

const FULL: AlertView = {
  filters: {
    group: '4',
    location: '17',
    level: '3',
    predicted: 'false',
    state: 'closed',
    from: '2026-06-01',
    to: '2026-06-30',
  },
  offset: 50,
  episode: 901,
};

describe('the address of the alert history', () => {
  it('reproduces a view from its link', () => {
    const params = paramsOfView(FULL);
    expect(params.toString()).toBe(
      'group=4&location=17&level=3&predicted=false&state=closed&from=2026-06-01&to=2026-06-30&offset=50&episode=901',
    );
    expect(viewFromParams(new URLSearchParams(params.toString()))).toEqual(FULL);
  });

  it('leaves out what is not set', () => {
    const view = { filters: { ...EMPTY_ALERT_FILTERS, level: '2' }, offset: 0, episode: null };
    expect(paramsOfView(view).toString()).toBe('level=2');
    expect(viewFromParams(new URLSearchParams(''))).toEqual({
      filters: EMPTY_ALERT_FILTERS,
      offset: 0,
      episode: null,
    });
  });

  it('drops values a hand-edited link makes meaningless', () => {
    const view = viewFromParams(
      new URLSearchParams(
        'group=x&location=-1&level=4&predicted=maybe&state=gone&from=2026-02-30&to=June&offset=-5&episode=1e3',
      ),
    );
    expect(view).toEqual({ filters: EMPTY_ALERT_FILTERS, offset: 0, episode: null });
  });

  it('keys equal filters equally, whatever the spaces', () => {
    expect(alertFiltersKey({ ...EMPTY_ALERT_FILTERS, location: ' 5 ' })).toBe(
      alertFiltersKey({ ...EMPTY_ALERT_FILTERS, location: '5' }),
    );
    expect(alertFiltersKey(EMPTY_ALERT_FILTERS)).not.toBe(
      alertFiltersKey({ ...EMPTY_ALERT_FILTERS, state: 'open' }),
    );
  });
});

describe('alertQueryOf', () => {
  it('asks for the local days of the zone, the last one included', () => {
    expect(alertQueryOf(FULL.filters, 'Asia/Shanghai', true)).toEqual({
      group_id: 4,
      location_id: 17,
      peak_level: 3,
      predicted: false,
      open: false,
      from: '2026-05-31T16:00:00.000Z',
      to: '2026-06-30T16:00:00.000Z',
    });
    expect(
      alertQueryOf(
        { ...EMPTY_ALERT_FILTERS, from: '2026-03-08', to: '2026-03-08' },
        'America/New_York',
        false,
      ),
    ).toEqual({ from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' });
  });

  it('asks for open episodes and predicted ones', () => {
    expect(alertQueryOf({ ...EMPTY_ALERT_FILTERS, state: 'open', predicted: 'true' }, 'UTC', false)).toEqual({
      open: true,
      predicted: true,
    });
  });

  it('sends a group only for those who may choose one', () => {
    expect(alertQueryOf({ ...EMPTY_ALERT_FILTERS, group: '4' }, 'UTC', false)).toEqual({});
    expect(alertQueryOf(EMPTY_ALERT_FILTERS, 'UTC', true)).toEqual({});
  });
});
