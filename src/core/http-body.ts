/**
 * The body as text, read chunk by chunk and counted after decompression (fetch inflates gzip and
 * brotli itself), so a compressed bomb stops at `maxBytes` with the download aborted. Shared by the
 * index download and `upgrade-plan`'s artifact downloads; `tooLarge` words the error for each.
 */
export async function readCappedBody(response: Response, maxBytes: number, controller: AbortController, tooLarge: () => Error): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (!response.headers.has('content-encoding') && Number.isFinite(declared) && declared > maxBytes) {
    controller.abort();
    throw tooLarge();
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, received).toString('utf8');
}
