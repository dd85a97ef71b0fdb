-- Group robots as channels and recipients (DingTalk, WeCom, Feishu/Lark, Slack-compatible webhooks), and the
-- language a list words its messages in for recipients that are not users (null: NOTIFY_LANGUAGE).

ALTER TABLE deliveries DROP CONSTRAINT deliveries_channel_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_channel_check
  CHECK (channel IN ('inapp', 'email', 'sms', 'webhook', 'wechat', 'dingtalk', 'wecom', 'feishu', 'slack'));
ALTER TABLE deliveries DROP CONSTRAINT deliveries_recipient_kind_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_recipient_kind_check
  CHECK (recipient_kind IN ('user', 'phone', 'email', 'webhook', 'wechat', 'dingtalk', 'wecom', 'feishu', 'slack'));

ALTER TABLE distribution_lists ADD COLUMN language text CHECK (language IN ('zh-Hans', 'en'));
