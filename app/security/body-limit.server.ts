import { plainTextResponse } from "~/security/responses.server";

/** Every form on the site is a few kilobytes; 64 KiB leaves room and keeps a flood of big bodies cheap. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

function tooLarge(maxBytes: number): Response {
  return plainTextResponse(
    `413 Payload Too Large: the form may be at most ${Math.round(maxBytes / 1024)} KiB. / Formularz może mieć najwyżej ${Math.round(maxBytes / 1024)} KiB.`,
    413,
    { Connection: "close" },
  );
}

/**
 * The request body, at most `maxBytes` of it. A declared Content-Length above the limit
 * is refused before reading anything; otherwise bytes are counted as they stream in and
 * the stream is cancelled at the first byte past the limit, so a huge body is never held
 * in memory. Throws a 413 Response.
 */
export async function readBodyLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The form's fields (urlencoded or multipart), read with `readBodyLimited`. Throws a 413
 * Response past the limit; a body that is not a form gives null (the caller answers 400).
 */
export async function readFormDataLimited(request: Request, maxBytes: number = FORM_BODY_LIMIT_BYTES): Promise<FormData | null> {
  const body = await readBodyLimited(request, maxBytes);
  const contentType = request.headers.get("Content-Type");
  try {
    return await new Request("http://form.invalid/", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} }).formData();
  } catch {
    return null;
  }
}
