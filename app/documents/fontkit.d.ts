/** fontkit (pdfkit's own font parser) ships no types; the one call the app makes. */
declare module "fontkit" {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
