import { type Static, Type } from 'typebox';
import { Nullable, Paging } from './kit.js';

/** HTTP schemas of the SMS outbox (GET /api/admin/sms_outbox): every SMS sent, or that failed to send. */

export const SmsOutboxEntrySchema = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  message: Type.String(),
  provider: Type.String(),
  status: Type.Union([Type.Literal('sent'), Type.Literal('failed')]),
  error: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});
export type SmsOutboxEntry = Static<typeof SmsOutboxEntrySchema>;

export const SmsOutboxQuerySchema = Type.Object(Paging, { additionalProperties: false });
