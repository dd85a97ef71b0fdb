import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInbound, textReply } from './wechat-xml.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url), 'utf8');

describe("WeChat's pushes", () => {
  it.each([
    [
      'subscribe-qrscene',
      { msgType: 'event', event: 'subscribe', eventKey: 'qrscene_123123', fromUser: 'FromUser' },
    ],
    ['scan', { msgType: 'event', event: 'SCAN', eventKey: 'SCENE_VALUE', fromUser: 'FromUser' }],
    ['subscribe', { msgType: 'event', event: 'subscribe', eventKey: null, fromUser: 'FromUser' }],
    ['unsubscribe', { msgType: 'event', event: 'unsubscribe', eventKey: null, fromUser: 'FromUser' }],
    ['text', { msgType: 'text', content: 'this is a test', fromUser: 'fromUser', createTime: 1348831860 }],
  ])('reads the recorded %s push', (name, expected) => {
    expect(parseInbound(fixture(name))).toMatchObject({ toUser: 'toUser', ...expected });
  });

  it('keeps scenes, openids and codes that look like numbers as text', () => {
    const m = parseInbound(fixture('scan').replace('SCENE_VALUE', '000123'));
    expect(m?.eventKey).toBe('000123');
  });

  it('does not expand entities declared in the body', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY a "AAAAAAAAAA">]>
<xml><ToUserName>t</ToUserName><FromUserName>o1</FromUserName><MsgType>text</MsgType><Content>&a;&a;</Content></xml>`;
    expect(parseInbound(xml)?.content).not.toContain('AAAA');
  });

  it('answers nothing for bodies that are not a message', () => {
    for (const body of ['', 'success', '<xml><oops', '<xml><MsgType>text</MsgType></xml>', '{"a":1}']) {
      expect(parseInbound(body), body).toBeNull();
    }
  });

  it('replies with a text message to the sender, safe against CDATA endings', () => {
    const m = parseInbound(fixture('text'));
    if (!m) throw new Error('no message');
    const reply = textReply(m, 'bound ]]> <b>', new Date('2026-07-12T08:00:00Z'));
    expect(parseInbound(reply)).toMatchObject({
      toUser: 'fromUser',
      fromUser: 'toUser',
      msgType: 'text',
      content: 'bound ]]> <b>',
      createTime: 1783843200,
    });
  });
});
