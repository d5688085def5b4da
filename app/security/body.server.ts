import { textResponse } from "./responses.server";

/** No form or API body of this site is anywhere near this size (a full order is about 2 KiB). */
export const MAX_BODY_BYTES = 64 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super(`the request body is over ${MAX_BODY_BYTES} bytes`);
  }
}

/**
 * Reads at most MAX_BODY_BYTES of a request's body, whatever Content-Length claims, and
 * stops reading (cancels the stream) as soon as the limit is passed.
 */
export async function readBodyLimited(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new BodyTooLargeError();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** A form body (urlencoded or multipart), read within the limit. A body that is not a form is an empty form. */
export async function readFormDataLimited(request: Request): Promise<FormData> {
  const body = await readBodyLimited(request);
  try {
    return await new Request("http://body.invalid/", { method: "POST", headers: { "Content-Type": request.headers.get("content-type") ?? "" }, body }).formData();
  } catch {
    return new FormData();
  }
}

/** What a route answers when the body was too large. */
export function bodyTooLargeResponse(): Response {
  return textResponse("Payload Too Large", 413, { Connection: "close" });
}
