import { PDFParse } from "pdf-parse";

/** A PDF's text as a reader copying it gets it; lines wrap where the page ends them, so whitespace is folded. */
export async function pdfTextOf(pdf: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}
