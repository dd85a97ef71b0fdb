/** WeChat official-account binding, as the `wechat` screen sees it. */

/** GET /api/wechat/binding: whether this server can bind WeChat, and my binding. */
export interface WechatBindingStatus {
  /** App id, secret and callback token are set: binding works on this server. */
  configured: boolean;
  bound: boolean;
  /** e.g. `oMgH…glDg`; only when bound. */
  openid_masked?: string;
  bound_at?: string;
}

/** POST /api/wechat/binding_code: a one-time key to scan (QR) or send as a message to the official account. */
export interface WechatBindingCode {
  /** What the QR code encodes (WeChat's temporary QR code URL). */
  qr_url: string;
  expires_at: string;
  /** Seconds the code works from now (for a countdown that does not trust the browser's clock). */
  expires_in: number;
  /** The same key as text, to send to the official account when scanning is not possible. */
  binding_code: string;
}
