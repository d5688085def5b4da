import { readUpTo } from "./body.server";

/**
 * Answers of the services the site calls (InPost's Points API and ShipX, Przelewy24, KSeF) are read
 * through a size limit, as the site's own request bodies are (./body.server.ts): a provider that
 * answers hundreds of megabytes, by fault or on purpose, costs at most the limit in memory and
 * time, and the connection is cut there (docs/decisions/059).
 */

/** A JSON answer of any of them is a few kilobytes (ten lockers, one shipment, a payment's status). */
export const JSON_ANSWER_MAX_BYTES = 1024 * 1024;
/** One PDF with the labels of a day's batch: an A6 label is well under 100 KB. */
export const LABELS_ANSWER_MAX_BYTES = 20 * 1024 * 1024;

export class AnswerTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is over ${maxBytes} bytes`);
    this.name = "AnswerTooLargeError";
  }
}

/**
 * At most `maxBytes` of a response's body, whatever Content-Length says; past the limit the body
 * is cancelled (the connection is closed) and AnswerTooLargeError is thrown.
 */
export async function readAnswerLimited(response: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLargeError(maxBytes);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const bytes = await readUpTo(reader, maxBytes);
  if (bytes) return bytes;
  await reader.cancel().catch(() => undefined);
  throw new AnswerTooLargeError(maxBytes);
}

/** The answer as text (UTF-8), within the limit. */
export async function readAnswerText(response: Response, maxBytes = JSON_ANSWER_MAX_BYTES): Promise<string> {
  return new TextDecoder().decode(await readAnswerLimited(response, maxBytes));
}

/** The answer parsed as JSON, within the limit; throws when it is too large or not JSON. */
export async function readAnswerJson(response: Response, maxBytes = JSON_ANSWER_MAX_BYTES): Promise<unknown> {
  return JSON.parse(await readAnswerText(response, maxBytes)) as unknown;
}
