import { describe, expect, it } from 'vitest';
import { overSkillSpan, scoredSince, skillLine } from './warning-skill';

const DAY_MS = 86_400_000;
const TO = '2026-12-01T07:00:00.000Z';
const daysBefore = (days: number) => new Date(Date.parse(TO) - days * DAY_MS).toISOString();
/** A site made an hour before `TO`: the server scores it from then. */
const MADE = '2026-12-01T06:00:00.000Z';
const time = (iso: string) => `at ${iso}`;

describe('skillLine', () => {
  it.each([
    {
      case: 'no storms over the whole period',
      skill: { events: 0, hits: 0, from: daysBefore(30), to: TO },
      line: { key: 'skill.no_storms', params: { days: 30 } },
    },
    {
      case: 'storms over the whole period',
      skill: { events: 9, hits: 4, from: daysBefore(30), to: TO },
      line: { key: 'skill.warned_in', params: { hits: 4, count: 9, days: 30 } },
    },
    {
      case: 'a site made an hour ago, no storm scored since',
      skill: { events: 0, hits: 0, from: MADE, to: TO },
      line: { key: 'skill.no_storms_since', params: { time: `at ${MADE}` } },
    },
    {
      case: 'a site made an hour ago, one storm scored since',
      skill: { events: 1, hits: 1, from: MADE, to: TO },
      line: { key: 'skill.warned_in_since', params: { hits: 1, count: 1, time: `at ${MADE}` } },
    },
    {
      // The server's `from` is rounded to its own clock: under a minute later is still the period asked.
      case: 'scored from seconds after the period asked began',
      skill: {
        events: 0,
        hits: 0,
        from: new Date(Date.parse(daysBefore(30)) + 30_000).toISOString(),
        to: TO,
      },
      line: { key: 'skill.no_storms', params: { days: 30 } },
    },
  ])('$case', ({ skill, line }) => {
    expect(skillLine(skill, 30, time)).toEqual(line);
  });
});

describe('overSkillSpan', () => {
  it.each([
    {
      case: 'over the whole period: the key, its numbers and the days',
      skill: { from: daysBefore(90), to: TO },
      said: { key: 'statistic.skill.title', params: { hits: 2, days: 90 } },
    },
    {
      case: 'a younger site: the key of "since", its numbers and the time of its making',
      skill: { from: MADE, to: TO },
      said: { key: 'statistic.skill.title_since', params: { hits: 2, time: `at ${MADE}` } },
    },
  ])('$case', ({ skill, said }) => {
    expect(overSkillSpan('statistic.skill.title', skill, 90, time, { hits: 2 })).toEqual(said);
  });
});

describe('scoredSince', () => {
  it('answers the start of a younger site, and null for one scored over the whole period', () => {
    expect(scoredSince({ from: MADE, to: TO }, 30)).toBe(MADE);
    expect(scoredSince({ from: daysBefore(30), to: TO }, 30)).toBeNull();
    expect(scoredSince({ from: daysBefore(90), to: TO }, 90)).toBeNull();
  });
});
