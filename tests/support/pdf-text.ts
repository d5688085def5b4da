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

/** Each page's lines of text, top to bottom, blank lines dropped: where a page ends matters here. */
export async function pdfPageLinesOf(pdf: Uint8Array): Promise<string[][]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).pages.map((page) =>
      page.text
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    );
  } finally {
    await parser.destroy();
  }
}
