import { type Static, Type } from 'typebox';

/** HTTP schemas of WeChat binding (the `wechat` screen) and of the official account's callback. */

/** GET /api/wechat/binding: whether this server can bind WeChat, and my binding. */
export const WechatBindingStatusSchema = Type.Object({
  /** App id, secret and callback token are set: binding works on this server. */
  configured: Type.Boolean(),
  bound: Type.Boolean(),
  /** e.g. `oMgH…glDg`; only when bound. */
  openid_masked: Type.Optional(Type.String()),
  bound_at: Type.Optional(Type.String({ format: 'date-time' })),
});
export type WechatBindingStatus = Static<typeof WechatBindingStatusSchema>;

/** POST /api/wechat/binding_code: a one-time key to scan (QR) or send as a message to the official account. */
export const WechatBindingCodeSchema = Type.Object({
  /** What the QR code encodes (WeChat's temporary QR code URL). */
  qr_url: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
  /** Seconds the code works from now (for a countdown that does not trust the browser's clock). */
  expires_in: Type.Integer(),
  /** The same key as text, to send to the official account when scanning is not possible. */
  binding_code: Type.String(),
});
export type WechatBindingCode = Static<typeof WechatBindingCodeSchema>;

/** WeChat's pushes are a few hundred bytes. */
export const WECHAT_CALLBACK_BODY_LIMIT = 64 * 1024;

const signed = {
  signature: Type.String({ maxLength: 64 }),
  timestamp: Type.String({ maxLength: 20 }),
  nonce: Type.String({ maxLength: 64 }),
};

/** GET /wechat/callback: WeChat's check of the server URL. */
export const WechatCheckQuerySchema = Type.Object({ ...signed, echostr: Type.String({ maxLength: 256 }) });

/** POST /wechat/callback: the signature of a push, and the sender's openid that WeChat adds. */
export const WechatPushQuerySchema = Type.Object({
  ...signed,
  openid: Type.Optional(Type.String({ maxLength: 128 })),
});

/** A push's XML. */
export const WechatPushBodySchema = Type.String({ maxLength: WECHAT_CALLBACK_BODY_LIMIT });

/** The callback's answer. */
export const WechatCallbackAnswerSchema = Type.String({ description: 'text/plain, or a text/xml reply' });
