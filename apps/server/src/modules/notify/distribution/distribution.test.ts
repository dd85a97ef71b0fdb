import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookTargetProblem, webhookUrlProblem } from '../../../lib/webhook-guard.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';

describe('webhook URLs', () => {
  it.each([
    ['https://hooks.example.com/lightning', null],
    ['http://93.184.216.34:8080/x', null],
    ['ftp://example.com/x', 'must be an http or https URL'],
    ['https://user:pw@example.com/', 'must not carry a user name or password'],
    ['not a url', 'is not a URL'],
  ])('form of %s → %s', (value, problem) => expect(webhookUrlProblem(value)).toBe(problem));

  it.each([
    ['http://127.0.0.1:9000/hook', false],
    ['http://localhost/hook', false],
    ['http://10.0.0.7/hook', false],
    ['http://[::1]/hook', false],
    ['http://169.254.169.254/latest/meta-data', false],
    ['https://93.184.216.34/hook', true],
  ])('%s may be called: %s', async (url, ok) => {
    expect((await webhookTargetProblem(url, false)) === null).toBe(ok);
  });

  it('lets on-premise receivers through when ALLOW_PRIVATE_WEBHOOKS is set', async () => {
    expect(await webhookTargetProblem('http://10.0.0.7/hook', true)).toBeNull();
  });
});

describe.each(DB_KINDS)('distribution lists (%s)', (kind) => {
  let t: TestApp;
  let manager: TestUser;
  let operator: TestUser;
  let outsider: TestUser;
  let locationId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    manager = await t.createUser({ role: 'group_admin' });
    operator = await t.createUser({ role: 'operator' });
    outsider = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`dist-${kind}`) });
    const res = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: manager.access,
      payload: { name: 'Apron', shape: { type: 'Point', coordinates: [113.3, 23.4] } },
    });
    locationId = res.json().id;
  });
  afterAll(() => t.close());

  const list = () => ({
    name: 'Duty officers',
    locations: [locationId],
    min_level: 2,
    channels: ['inapp', 'sms', 'email', 'webhook'],
    recipients: [
      { kind: 'user', value: String(operator.id) },
      { kind: 'phone', value: '+8613812345678' },
      { kind: 'email', value: 'duty@airport.example.cn' },
      { kind: 'webhook', value: 'https://93.184.216.34/lightning' },
    ],
    quiet_hours: { from: '22:00', to: '06:00' },
    escalate_after_min: 5,
    escalate_to: [{ kind: 'phone', value: '+8613900000000' }],
  });
  const add = (token: string, payload: object) =>
    t.call({ method: 'POST', url: '/api/distribute_add', token, payload });

  it('adds, lists, updates and deletes a list', async () => {
    const created = await add(manager.access, list());
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name: 'Duty officers', min_level: 2, escalate_after_min: 5 });

    const seen = await t.call({ method: 'GET', url: '/api/distribute_get', token: operator.access });
    expect(seen.json().items.map((l: { id: number }) => l.id)).toContain(id);

    const updated = await t.call({
      method: 'POST',
      url: '/api/distribute_update',
      token: manager.access,
      payload: { id, ...list(), locations: 'all', min_level: 3, escalate_after_min: null, escalate_to: null },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ locations: 'all', min_level: 3, escalate_to: null });

    const deleted = await t.call({
      method: 'POST',
      url: '/api/distribute_delete',
      token: manager.access,
      payload: { id },
    });
    expect(deleted.statusCode).toBe(200);
    const again = await t.call({
      method: 'POST',
      url: '/api/distribute_delete',
      token: manager.access,
      payload: { id },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad recipients, naming each field and the problem', async () => {
    const res = await add(manager.access, {
      ...list(),
      recipients: [
        { kind: 'phone', value: '138 1234' },
        { kind: 'email', value: 'duty@@x' },
        { kind: 'webhook', value: 'http://127.0.0.1:9000/hook' },
        { kind: 'user', value: String(outsider.id) },
      ],
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().error.details as { field: string; message: string }[]).map((d) => d.field);
    expect(fields).toEqual([
      'recipients/0/value',
      'recipients/1/value',
      'recipients/2/value',
      'recipients/3/value',
    ]);
    expect(res.json().error.details[2].message).toContain('private or loopback');
  });

  it('refuses another group’s locations, a half escalation and unknown fields', async () => {
    const foreign = await add(outsider.access, {
      ...list(),
      recipients: [{ kind: 'phone', value: '+8613812345678' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0].field).toBe('locations/0');
    const half = await add(manager.access, { ...list(), escalate_to: [] });
    expect(half.json().error.details[0].field).toBe('escalate_to');
    const extra = await add(manager.access, { ...list(), secret: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  describe('webhook format and signing secret', () => {
    const SECRET = 'first-secret-Zq81';
    const HOOK = 'https://93.184.216.34/lightning';
    const ESCALATION_HOOK = 'https://93.184.216.35/pager';
    const webhookList = () => ({
      ...list(),
      recipients: [
        { kind: 'phone', value: '+8613812345678' },
        { kind: 'webhook', value: HOOK, format: 'cap', secret: SECRET },
      ],
      escalate_to: [{ kind: 'webhook', value: ESCALATION_HOOK, secret: 'pager-secret-77' }],
    });
    const update = (payload: object) =>
      t.call({ method: 'POST', url: '/api/distribute_update', token: manager.access, payload });
    const storedRecipients = async (id: number) =>
      (
        await t.db.query<{ recipients: object[]; escalate_to: object[] | null }>(
          'SELECT recipients, escalate_to FROM distribution_lists WHERE id = $1',
          [id],
        )
      ).rows[0];

    it('stores the secret but never answers with it: has_secret instead, on add, get and update', async () => {
      const created = await add(manager.access, webhookList());
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      expect(created.json().recipients).toEqual([
        { kind: 'phone', value: '+8613812345678' },
        { kind: 'webhook', value: HOOK, format: 'cap', has_secret: true },
      ]);
      expect(created.json().escalate_to).toEqual([
        { kind: 'webhook', value: ESCALATION_HOOK, format: 'json', has_secret: true },
      ]);
      const read = await t.call({ method: 'GET', url: '/api/distribute_get', token: operator.access });
      const updated = await update({ id, ...webhookList(), name: 'Renamed' });
      for (const answer of [created, read, updated]) {
        expect(answer.body).not.toContain(SECRET);
        expect(answer.body).not.toContain('pager-secret-77');
        expect(answer.body).not.toContain('"secret"');
      }
      expect(read.json().items.find((l: { id: number }) => l.id === id).recipients[1]).toEqual({
        kind: 'webhook',
        value: HOOK,
        format: 'cap',
        has_secret: true,
      });
      // The outbox signs with what is stored.
      expect((await storedRecipients(id))?.recipients[1]).toEqual({
        kind: 'webhook',
        value: HOOK,
        format: 'cap',
        secret: SECRET,
      });
    });

    it('keeps a stored secret when an update leaves it out, replaces it when given, removes it on null or empty', async () => {
      const id = (await add(manager.access, webhookList())).json().id;
      const withoutSecrets = {
        id,
        ...list(),
        recipients: [{ kind: 'webhook', value: HOOK, format: 'json' }],
        escalate_to: [{ kind: 'webhook', value: ESCALATION_HOOK }],
      };
      const kept = await update(withoutSecrets);
      expect(kept.statusCode).toBe(200);
      expect(kept.json().recipients).toEqual([
        { kind: 'webhook', value: HOOK, format: 'json', has_secret: true },
      ]);
      let stored = await storedRecipients(id);
      expect(stored?.recipients).toEqual([{ kind: 'webhook', value: HOOK, secret: SECRET }]);
      expect(stored?.escalate_to).toEqual([
        { kind: 'webhook', value: ESCALATION_HOOK, secret: 'pager-secret-77' },
      ]);

      await update({
        ...withoutSecrets,
        recipients: [{ kind: 'webhook', value: HOOK, secret: 'second-secret-9' }],
      });
      expect((await storedRecipients(id))?.recipients).toEqual([
        { kind: 'webhook', value: HOOK, secret: 'second-secret-9' },
      ]);

      const cleared = await update({
        ...withoutSecrets,
        recipients: [{ kind: 'webhook', value: HOOK, secret: null }],
        escalate_to: [{ kind: 'webhook', value: ESCALATION_HOOK, secret: '' }],
      });
      expect(cleared.json().recipients).toEqual([
        { kind: 'webhook', value: HOOK, format: 'json', has_secret: false },
      ]);
      expect(cleared.json().escalate_to[0].has_secret).toBe(false);
      stored = await storedRecipients(id);
      expect(stored?.recipients).toEqual([{ kind: 'webhook', value: HOOK }]);
      expect(stored?.escalate_to).toEqual([{ kind: 'webhook', value: ESCALATION_HOOK }]);
      // A URL that changed is another receiver: it does not inherit the old URL's secret.
      const moved = await update({
        ...withoutSecrets,
        escalate_to: [{ kind: 'webhook', value: 'https://93.184.216.36/x' }],
      });
      expect(moved.json().escalate_to[0].has_secret).toBe(false);
    });

    it('refuses a format or secret on other recipients, and a secret that is too short, naming the field', async () => {
      const res = await add(manager.access, {
        ...list(),
        recipients: [
          { kind: 'email', value: 'duty@airport.example.cn', format: 'cap' },
          { kind: 'phone', value: '+8613812345678', secret: 'twelve-chars' },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'recipients/0/format', message: 'only webhook recipients take a format' },
        {
          field: 'recipients/1/secret',
          message: 'only webhook, DingTalk and Feishu recipients take a secret',
        },
      ]);
      const tooShort = await add(manager.access, {
        ...list(),
        recipients: [{ kind: 'webhook', value: HOOK, secret: 'short' }],
      });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().error.details[0].field).toBe('recipients/0/secret');
    });
  });

  describe('group robots and the list language', () => {
    const DINGTALK = 'https://93.184.216.34/robot/send?access_token=0f1e2d';
    const WECOM = 'https://93.184.216.34/cgi-bin/webhook/send?key=693a91f6';
    const FEISHU = 'https://93.184.216.34/open-apis/bot/v2/hook/0f1e2d3c';
    const SLACK = 'https://93.184.216.34/services/T000/B000/XXXX';
    const DING_SECRET = 'SEC0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd';
    const robotList = () => ({
      ...list(),
      channels: ['inapp', 'dingtalk', 'wecom', 'feishu', 'slack'],
      recipients: [
        { kind: 'user', value: String(operator.id) },
        { kind: 'dingtalk', value: DINGTALK, secret: DING_SECRET },
        { kind: 'wecom', value: WECOM },
        { kind: 'feishu', value: FEISHU, secret: 'mI4rKx0fQh2Zb7uVw9c3Pd' },
        { kind: 'slack', value: SLACK },
      ],
      language: 'en',
    });

    it('stores robots with their secrets, shows has_secret for the signed ones, names users, keeps the language', async () => {
      const created = await add(manager.access, robotList());
      expect(created.statusCode, created.body).toBe(201);
      expect(created.body).not.toContain(DING_SECRET);
      expect(created.json()).toMatchObject({ language: 'en' });
      expect(created.json().recipients).toEqual([
        { kind: 'user', value: String(operator.id), name: operator.username },
        { kind: 'dingtalk', value: DINGTALK, has_secret: true },
        { kind: 'wecom', value: WECOM },
        { kind: 'feishu', value: FEISHU, has_secret: true },
        { kind: 'slack', value: SLACK },
      ]);
      const id = created.json().id;
      // Sent back as read (names, has_secret and all): accepted, and the secrets stay.
      const { created_at, updated_at, group_id, ...asRead } = created.json();
      const resent = await t.call({
        method: 'POST',
        url: '/api/distribute_update',
        token: manager.access,
        payload: asRead,
      });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().recipients).toEqual(created.json().recipients);
      // Edited without secrets (the form never has them): each robot keeps its own.
      const edited = await t.call({
        method: 'POST',
        url: '/api/distribute_update',
        token: manager.access,
        payload: {
          id,
          ...robotList(),
          recipients: robotList().recipients.map(({ kind, value }) => ({ kind, value })),
          language: null,
        },
      });
      expect(edited.json()).toMatchObject({ language: null });
      const stored = await t.db.query<{ recipients: { kind: string; secret?: string }[] }>(
        'SELECT recipients FROM distribution_lists WHERE id = $1',
        [id],
      );
      expect(stored.rows[0]?.recipients.map((r) => r.secret ?? null)).toEqual([
        null,
        DING_SECRET,
        null,
        'mI4rKx0fQh2Zb7uVw9c3Pd',
        null,
      ]);
    });

    it('refuses robot URLs not in their vendor’s form, secrets they do not take or in the wrong form, naming each', async () => {
      const res = await add(manager.access, {
        ...robotList(),
        recipients: [
          { kind: 'dingtalk', value: 'https://93.184.216.34/robot/send' },
          { kind: 'wecom', value: WECOM, secret: 'twelve-chars' },
          { kind: 'dingtalk', value: DINGTALK, secret: 'not-a-dingtalk-secret' },
          { kind: 'feishu', value: FEISHU, format: 'cap' },
          { kind: 'slack', value: 'http://127.0.0.1:9000/services/x' },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        {
          field: 'recipients/1/secret',
          message: 'only webhook, DingTalk and Feishu recipients take a secret',
        },
        {
          field: 'recipients/2/secret',
          message: expect.stringContaining('is not a DingTalk signing secret'),
        },
        { field: 'recipients/3/format', message: 'only webhook recipients take a format' },
        {
          field: 'recipients/0/value',
          message:
            'https://93.184.216.34/robot/send is not a DingTalk robot URL (…/robot/send?access_token=…)',
        },
        { field: 'recipients/4/value', message: expect.stringContaining('private or loopback') },
      ]);
      const language = await add(manager.access, { ...robotList(), language: 'fr' });
      expect(language.statusCode).toBe(400);
    });
  });

  it('keeps lists inside their group and writing to group admins', async () => {
    const created = (await add(manager.access, list())).json();
    const theirs = await t.call({ method: 'GET', url: '/api/distribute_get', token: outsider.access });
    expect(theirs.json().items).toEqual([]);
    const steal = await t.call({
      method: 'POST',
      url: '/api/distribute_delete',
      token: outsider.access,
      payload: { id: created.id },
    });
    expect(steal.statusCode).toBe(404);
    expect((await add(operator.access, list())).statusCode).toBe(403);
  });
});
