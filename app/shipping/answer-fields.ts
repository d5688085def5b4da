/**
 * InPost's answers are read field by field against the shape its documentation gives
 * (docs/decisions/048 and 059): what reaches the order, the agreement's PDF, the e-mails or the
 * back office is text we would print ourselves. Markup is dropped, and so are control characters,
 * zero-width characters and bidi controls (which make a line read backwards); every field has a
 * length it never exceeds.
 */

/** C0 and C1 controls, zero-width characters and marks, line and paragraph separators, bidi embeddings, overrides and isolates, and the byte-order mark. */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x2069],
  [0xfeff, 0xfeff],
];

export function isInvisible(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to);
}

/** A provider's text as one printable line: markup and invisible characters dropped, spaces collapsed. */
export function printableLine(value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") return "";
  return String(value)
    .normalize("NFC")
    .replace(/<[^>]*>?/g, " ")
    .replace(/[<>]/g, " ")
    .replace(/[\s\S]/gu, (character) => (isInvisible(character) ? " " : character))
    .replace(/\s+/g, " ")
    .trim();
}

/** The line when it fits `maxLength`, else null: a longer name or address is not one InPost gives, and half of it would mislead. */
export function fittingLine(value: unknown, maxLength: number): string | null {
  const line = printableLine(value);
  return line && line.length <= maxLength ? line : null;
}

/** The line cut to `maxLength` with an ellipsis: for descriptions, where the start is still useful. */
export function shortenedLine(value: unknown, maxLength: number): string | null {
  const line = printableLine(value);
  if (!line) return null;
  return line.length <= maxLength ? line : `${line.slice(0, maxLength - 1).trimEnd()}…`;
}

/** The longest of each locker field we print; InPost's own are far shorter. */
export const POINT_FIELD_MAX = { street: 80, buildingNumber: 15, city: 60, description: 160 } as const;

/** A ShipX shipment id: digits (ShipX numbers them). */
export const SHIPMENT_ID = /^\d{1,20}$/;
/** A ShipX status: snake_case words ("ready_to_pickup"). */
export const SHIPMENT_STATUS = /^[a-z][a-z0-9_]{0,63}$/;
/** A tracking number as carriers write them (InPost's are 24 digits): letters and digits, as the operator's form takes them. */
export const TRACKING_NUMBER = /^[A-Za-z0-9]{1,40}$/;
/** Our order number, which ShipX keeps as the shipment's reference (AE-2026-000001). */
export const REFERENCE_MAX = 64;
