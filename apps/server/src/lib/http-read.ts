/** Thrown by `readCapped` when an answer is larger than allowed. */
export class AnswerTooLarge extends Error {
  constructor(
    readonly host: string,
    readonly maxBytes: number,
  ) {
    super(`the answer of ${host} is larger than ${maxBytes} bytes`);
  }
}

/** An HTTP answer's body as bytes, refused (and its stream cancelled) once it passes `maxBytes`. */
export async function readCapped(res: Response, maxBytes: number, host: string): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new AnswerTooLarge(host, maxBytes);
  }
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new AnswerTooLarge(host, maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Whether a fetch failed on its `AbortSignal.timeout`. */
export function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}
