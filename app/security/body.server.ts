import { textResponse } from "./responses.server";

/** No form or API body of this site is anywhere near this size (a full order is about 2 KiB). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The one form that carries a file, the bank statement (at most 5 MiB, app/bank-statements), with
 * room for its other fields and the multipart framing. Its path is let through the server's early
 * limit (app/server/file-form-paths.ts) so its page can say what was too large.
 */
export const FILE_FORM_MAX_BYTES = 5 * 1024 * 1024 + MAX_BODY_BYTES;

export class BodyTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`the request body is over ${maxBytes} bytes`);
  }
}

/**
 * Reads at most `maxBytes` of a request's body, whatever Content-Length claims, and
 * stops reading (cancels the stream) as soon as the limit is passed.
 */
export async function readBodyLimited(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const bytes = await readUpTo(reader, maxBytes);
  if (bytes) return bytes;
  discardTheRest(reader);
  throw new BodyTooLargeError(maxBytes);
}

/**
 * A stream's bytes up to its end, or null as soon as more than `maxBytes` have come (the reader is
 * left there, for the caller to drop the rest or cancel): the request bodies here, and the answers
 * of the services the site calls (./outside-answer.server.ts).
 */
export async function readUpTo(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return new Uint8Array(Buffer.concat(chunks));
    size += value.byteLength;
    if (size > maxBytes) return null;
    chunks.push(value);
  }
}

/**
 * A body the route will not read (a source it refuses): dropped as an oversized one is, so the
 * client sees the answer and the connection is closed within seconds, with nothing kept.
 */
export function dropBody(request: Request): void {
  // A body cut off at the limit is being dropped already (readBodyLimited): its stream is locked.
  if (request.body && !request.bodyUsed && !request.body.locked) discardTheRest(request.body.getReader());
}

/** How much of an oversized body is read and dropped, at most, so the client sees the 413. */
const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;
const DISCARD_LIMIT_MS = 3_000;

/**
 * Keeps reading an oversized body in the background, dropping each chunk, for a bounded
 * amount and time, then cancels it. Cancelling at once destroys the connection while the
 * client is still sending, and the client then sees "connection reset" instead of the 413
 * answer (the web servers' "lingering close"). Nothing is kept, so memory stays flat.
 */
function discardTheRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const deadline = Date.now() + DISCARD_LIMIT_MS;
  let discarded = 0;
  void (async () => {
    try {
      for (;;) {
        if (discarded > DISCARD_LIMIT_BYTES || Date.now() > deadline) break;
        const { done, value } = await reader.read();
        if (done) return;
        discarded += value.byteLength;
      }
    } catch {
      return;
    }
    await reader.cancel().catch(() => undefined);
  })();
}

/** No form of this site has more fields (the order's preview posts about 20), nor names nested deeper than "a.b[0].c". */
export const MAX_FORM_FIELDS = 100;
export const MAX_FIELD_NAME_DEPTH = 4;

/**
 * A form whose shape no page of this site sends: too many fields, or a name nested too deep.
 * conform turns a name like "a.a.a…" or "a[0][0]…" into nested objects by recursion, and a few
 * thousand levels overflow the stack (a RangeError, so a 500), so such a form is refused before
 * anything parses its names.
 */
export class FormShapeError extends Error {
  constructor(reason: string) {
    super(`the form's shape is refused: ${reason}`);
  }
}

/** How deep conform would nest a field name: "a" is 1, "a.b" and "a[0]" are 2. */
function nameDepth(name: string): number {
  let depth = 1;
  for (const character of name) if (character === "." || character === "[") depth++;
  return depth;
}

function checkFormShape(form: FormData): void {
  let fields = 0;
  for (const name of form.keys()) {
    if (++fields > MAX_FORM_FIELDS) throw new FormShapeError(`more than ${MAX_FORM_FIELDS} fields`);
    if (nameDepth(name) > MAX_FIELD_NAME_DEPTH) throw new FormShapeError(`a name nested deeper than ${MAX_FIELD_NAME_DEPTH}`);
  }
}

/**
 * A form body (urlencoded or multipart), read within the limit. A body that is not a form is an
 * empty form; a form of a shape no page sends throws FormShapeError.
 */
export async function readFormDataLimited(request: Request, maxBytes = MAX_BODY_BYTES): Promise<FormData> {
  const body = await readBodyLimited(request, maxBytes);
  let form: FormData;
  try {
    form = await new Request("http://body.invalid/", {
      method: "POST",
      headers: { "Content-Type": request.headers.get("content-type") ?? "" },
      body,
    }).formData();
  } catch {
    return new FormData();
  }
  checkFormShape(form);
  return form;
}

/** What a visitor reads after sending a too-large form without JavaScript: Polish first, the site's default language. */
export const BODY_TOO_LARGE_TEXT = `413 – Formularz jest zbyt duży (najwyżej ${MAX_BODY_BYTES / 1024} KiB). Wróć do poprzedniej strony i spróbuj ponownie.\n413 – The form is too large (at most ${MAX_BODY_BYTES / 1024} KiB). Go back to the previous page and try again.\n`;

/** What a route answers when the body was too large. */
export function bodyTooLargeResponse(): Response {
  // No "Connection: close": closing with unread bytes resets the connection and loses this answer (decision 011).
  return textResponse(BODY_TOO_LARGE_TEXT, 413);
}

/** What a visitor reads after sending a form of a shape no page sends (FormShapeError). */
export const FORM_SHAPE_TEXT = `400 – Formularz ma postać, której nie umiemy odczytać (za dużo pól albo nietypowe nazwy pól). Wróć do poprzedniej strony i spróbuj ponownie.\n400 – The form has a shape we cannot read (too many fields or unusual field names). Go back to the previous page and try again.\n`;

export function formShapeResponse(): Response {
  return textResponse(FORM_SHAPE_TEXT, 400);
}

/**
 * A route's form fields; a body over the limit is answered with 413 and a form of a shape no
 * page sends with 400, thrown as Remix routes answer early.
 */
export async function readFormDataOr413(request: Request): Promise<FormData> {
  try {
    return await readFormDataLimited(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLargeResponse();
    if (error instanceof FormShapeError) throw formShapeResponse();
    throw error;
  }
}
