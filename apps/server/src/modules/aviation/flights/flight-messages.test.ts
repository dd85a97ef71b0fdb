import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';

describe('flight alarm messages', () => {
  const FLIGHT = {
    event: 'flight' as const,
    flight: {
      flight_alarm_id: 9,
      icao24: '780a01',
      callsign: null,
      location_id: 3,
      location_name: 'Baiyun',
      airport_icao: 'ZGGG',
      level: 3 as const,
      distance_km: 8.46,
      altitude_m: null,
      cell_id: 'C-7',
      at: '2025-06-01T07:00:00.000Z',
      board_url: 'https://tw.example/realtimealert',
    },
  };

  it('names an aircraft without a callsign by its address, and leaves out an unknown altitude', () => {
    expect(MESSAGES.text(FLIGHT, 'en', 'Asia/Shanghai')).toEqual({
      title: 'Flight in a storm cell · 780a01 · Baiyun',
      body: 'An aircraft entered storm cells near Baiyun (ZGGG), which is at red lightning warning: aircraft 780a01, 8.5 km out. 2025-06-01 15:00.',
      link: 'https://tw.example/realtimealert',
    });
    expect(MESSAGES.text(FLIGHT, 'zh-Hans', 'Asia/Shanghai').body).toBe(
      '1 架航空器在Baiyun（ZGGG）附近进入雷暴单体，机场当前为雷电红色预警：航空器 780a01距机场 8.5 公里。时间 2025-06-01 15:00。',
    );
  });

  it('puts the airport, aircraft, level and distance on a chat card', () => {
    const card = MESSAGES.card(FLIGHT, 'en', 'Asia/Shanghai');
    expect(card.fields.map((f) => [f.label, f.value])).toEqual([
      ['Site', 'Baiyun'],
      ['Level', 'Red'],
      ['Aircraft', '780a01'],
      ['From the airport', '8.5 km'],
      ['Time', '2025-06-01 15:00'],
    ]);
  });
});
