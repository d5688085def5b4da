import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create as parseFont } from "fontkit";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";

/**
 * A4 documents for e-mail attachments, set in DejaVu Sans (from the dejavu-fonts-ttf
 * package) so Polish and Cyrillic render on any machine. Plain text in, a PDF buffer out:
 * the callers decide the words, this module only lays them out.
 */
/** A drawn document as a file: what an e-mail attaches and a download sends (the same shape as mail's MailAttachment). */
export type PdfFile = { filename: string; content: Buffer; contentType: string };

/**
 * `image`: a PNG drawn under the paragraphs at `imageSize` points square (a QR code an invoice carries).
 * A section with an image is never split across pages: its link and its code are read together.
 */
export type PdfSection = { heading?: string; paragraphs: string[]; startsNewPage?: boolean; image?: Buffer; imageSize?: number };
export type PdfDocumentInput = {
  /** Small lines at the top of the first page: who issued it, which order, when. */
  header: string[];
  title: string;
  sections: PdfSection[];
  /** The PDF's own metadata title and language. */
  metaTitle: string;
  lang: string;
  /** "1 / 3" or its translation, on every page. */
  pageLabel: (page: number, total: number) => string;
};

const require = createRequire(import.meta.url);
/**
 * Parsed once per process. Handed a file, pdfkit parses the whole font again for every
 * document, which took two thirds of an agreement's ~100 ms; it also accepts a parsed
 * fontkit font (PDFFontFactory.open), which its types do not say. It embeds only the glyphs
 * each document uses.
 */
const parsedFont = (file: string) => parseFont(readFileSync(require.resolve(file))) as unknown as PDFKit.Mixins.PDFFontSource;
const FONT_REGULAR = parsedFont("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = parsedFont("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

/**
 * fontkit keeps each glyph it has built, with the characters it was built for. When pdfkit
 * embeds a document's subset, it builds the parts of composite glyphs ("z" inside "ż") with
 * no characters; a later document that then writes a plain "z" gets that glyph, and its PDF
 * maps it to no text: the letters vanish when the text is copied, searched or read aloud.
 * Each document therefore starts from an empty glyph cache (the parsed tables, the costly
 * part, stay). renderPdf runs synchronously up to doc.end(), so documents never interleave.
 */
function forgetBuiltGlyphs(font: PDFKit.Mixins.PDFFontSource): void {
  (font as unknown as { _glyphs: Record<number, unknown> })._glyphs = {};
}
const MARGIN = 56;
const HEADING_GAP = 0.3;
const PARAGRAPH_GAP = 0.35;
/** A heading goes to the next page unless this many lines of its section fit under it. */
const LINES_KEPT_WITH_HEADING = 3;
const DEFAULT_IMAGE_SIZE = 100;

const headingFont = (doc: PDFKit.PDFDocument, section: PdfSection) => doc.font("bold").fontSize(section.startsNewPage ? 13 : 11);
const bodyFont = (doc: PDFKit.PDFDocument) => doc.font("regular").fontSize(10);

/**
 * Whether the section's heading and the first lines under it fit on the current page (all of them, and
 * the image, for a section with an image). pdfkit breaks pages line by line, so without this a heading
 * can end a page with its text on the next, or a QR code's link be cut by the page's end.
 * A section already at the top of a page stays: a new page would not give it more room.
 */
function fitsOnThisPage(doc: PDFKit.PDFDocument, section: PdfSection, width: number): boolean {
  if (doc.y <= doc.page.margins.top) return true;
  const linesKept = section.image ? Infinity : LINES_KEPT_WITH_HEADING;
  headingFont(doc, section);
  let needed = section.heading ? doc.heightOfString(section.heading, { width }) + doc.currentLineHeight(true) * HEADING_GAP : 0;
  bodyFont(doc);
  const lineHeight = doc.currentLineHeight(true);
  let lines = 0;
  for (const [index, paragraph] of section.paragraphs.entries()) {
    if (lines >= linesKept) break;
    const counted = Math.min(Math.round(doc.heightOfString(paragraph, { width }) / lineHeight), linesKept - lines);
    needed += (index > 0 ? lineHeight * PARAGRAPH_GAP : 0) + counted * lineHeight;
    lines += counted;
  }
  if (section.image) needed += lineHeight * PARAGRAPH_GAP + (section.imageSize ?? DEFAULT_IMAGE_SIZE);
  return doc.y + needed <= doc.page.maxY();
}

/** A link as a QR code for a section's `image`: sharp when printed at 100 points, its link in the paragraphs beside it. */
export function qrCodePng(link: string): Promise<Buffer> {
  return QRCode.toBuffer(link, { type: "png", errorCorrectionLevel: "M", margin: 1, width: 300 });
}

export function renderPdf(input: PdfDocumentInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    lang: input.lang,
    info: { Title: input.metaTitle },
    displayTitle: true,
  });
  forgetBuiltGlyphs(FONT_REGULAR);
  forgetBuiltGlyphs(FONT_BOLD);
  doc.registerFont("regular", FONT_REGULAR);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font("regular").fontSize(8.5).fillColor("#475569");
  for (const line of input.header) doc.text(line, { width });
  doc.moveDown(1.2);
  doc.font("bold").fontSize(15).fillColor("#0f172a").text(input.title, { width });
  doc.moveDown(0.8);
  for (const section of input.sections) {
    if (section.startsNewPage) doc.addPage();
    if ((section.heading || section.image) && !fitsOnThisPage(doc, section, width)) doc.addPage();
    if (section.heading) {
      headingFont(doc, section).fillColor("#0f172a").text(section.heading, { width });
      doc.moveDown(HEADING_GAP);
    }
    bodyFont(doc).fillColor("#0f172a");
    for (const paragraph of section.paragraphs) {
      doc.text(paragraph, { width, align: "left" });
      doc.moveDown(PARAGRAPH_GAP);
    }
    if (section.image) {
      const size = section.imageSize ?? DEFAULT_IMAGE_SIZE;
      if (doc.y + size > doc.page.maxY()) doc.addPage();
      doc.image(section.image, MARGIN, doc.y, { width: size, height: size });
      doc.y += size;
    }
    doc.moveDown(0.6);
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // The footer sits inside the bottom margin: lift the margin so pdfkit does not add a page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8.5)
      .fillColor("#475569")
      .text(input.pageLabel(index + 1, range.count), MARGIN, doc.page.height - MARGIN / 2 - 6, { width, align: "center" });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/**
 * A document laid out by the feature that owns its words, for the document thread to draw
 * (app/jobs/document-thread.server.ts). A function cannot cross to the thread, so the page label
 * is a text with "{page}" and "{total}" in it.
 */
export type PdfLayout = Omit<PdfDocumentInput, "pageLabel"> & { pageLabel: string };

/** What draws a laid-out document: the thread, or this thread in tests (the back office's export of a customer's data, RODO art. 15). */
export type PdfDrawer = { pdf(layout: PdfLayout): Promise<Buffer> };
