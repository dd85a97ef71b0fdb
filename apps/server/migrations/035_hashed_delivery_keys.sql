-- Idempotency keys and duplicate-window slots name their target by its SHA-256 (hex), no longer by the
-- target itself: a robot's URL carries its access token (DingTalk access_token=, WeCom key=, the Feishu and
-- Slack hook paths), a webhook's URL may carry a password or a query secret, and keys are shown to
-- receivers and in the administrators' database view. Keys written before end in `:<kind>:<target>`.
UPDATE deliveries
SET idempotency_key = left(idempotency_key, length(idempotency_key) - length(recipient_value))
  || encode(sha256(convert_to(recipient_value, 'UTF8')), 'hex')
WHERE idempotency_key NOT LIKE 'test:%'
  AND idempotency_key NOT LIKE 'daily\_summary:%'
  AND right(idempotency_key, length(recipient_value) + length(recipient_kind) + 2)
    = ':' || recipient_kind || ':' || recipient_value;

-- Slots are `<kind>:<target>:<channel>:<location>:<level>`, held by a delivery that names the target.
UPDATE delivery_dedupe s
SET key = d.recipient_kind || ':' || encode(sha256(convert_to(d.recipient_value, 'UTF8')), 'hex')
  || substr(s.key, length(d.recipient_kind) + length(d.recipient_value) + 2)
FROM deliveries d
WHERE d.id = s.delivery_id
  AND left(s.key, length(d.recipient_kind) + length(d.recipient_value) + 2)
    = d.recipient_kind || ':' || d.recipient_value || ':';
-- A slot whose delivery is gone cannot be rewritten: it only holds back a duplicate for five minutes.
DELETE FROM delivery_dedupe WHERE key LIKE '%://%';
