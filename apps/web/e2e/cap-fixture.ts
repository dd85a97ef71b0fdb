/** CAP times: seconds and an explicit offset (the schema refuses `Z`). */
const capTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}+00:00`;

/** A CAP 1.2 orange rainstorm warning over a polygon (`lat,lon` pairs), sent a minute before `now`. */
export function capAlert(p: {
  now: number;
  identifier: string;
  sender: string;
  headline: string;
  areaDesc: string;
  polygon: string;
  /** With an onset a minute before `now` (else none). */
  onset?: boolean;
}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${p.identifier}</identifier>
  <sender>${p.sender}</sender>
  <sent>${capTime(p.now - 60_000)}</sent>
  <status>Actual</status>
  <msgType>Alert</msgType>
  <scope>Public</scope>
  <info>
    <language>zh-CN</language>
    <category>Met</category>
    <event>暴雨橙色预警信号</event>
    <urgency>Expected</urgency>
    <severity>Severe</severity>
    <certainty>Likely</certainty>
${p.onset ? `    <onset>${capTime(p.now - 60_000)}</onset>\n` : ''}    <expires>${capTime(p.now + 6 * 3_600_000)}</expires>
    <headline>${p.headline}</headline>
    <area>
      <areaDesc>${p.areaDesc}</areaDesc>
      <polygon>${p.polygon}</polygon>
    </area>
  </info>
</alert>`;
}
