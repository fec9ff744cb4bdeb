/**
 * Reading a request body with a size cap that holds whatever Content-Length claims: the stream is
 * counted as it arrives and abandoned as soon as it passes the cap.
 */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/** The body stopped before its end: the client went away or sent less than it declared. */
export class BodyIncompleteError extends Error {
  override name = "BodyIncompleteError";
}

/**
 * Reads at most `limit` bytes; throws BodyTooLargeError past it, whatever Content-Length claims, and
 * BodyIncompleteError when the stream fails before its end.
 */
export async function readBodyWithinLimit(request: Request, limit: number): Promise<ArrayBuffer | null> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > limit) throw new BodyTooLargeError();
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      throw new BodyIncompleteError("request body stream failed", { cause: error });
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body.buffer;
}
