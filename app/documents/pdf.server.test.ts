import { pdfPageLinesOf, pdfTextOf as textOf } from "../../tests/support/pdf-text";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { renderPdf, type PdfDocumentInput, type PdfSection } from "./pdf.server";

const documentWith = (paragraph: string): PdfDocumentInput => ({
  header: [],
  title: "Umowa",
  sections: [{ paragraphs: [paragraph] }],
  metaTitle: "Umowa",
  lang: "pl",
  pageLabel: (page, total) => `${page} / ${total}`,
});

/** Every page's lines without its page label, the last line the page prints. */
async function bodiesOf(pdf: Buffer): Promise<string[][]> {
  return (await pdfPageLinesOf(pdf)).map((lines) => lines.filter((line) => !/^\d+ \/ \d+$/.test(line)));
}

const QR_PNG = await QRCode.toBuffer("https://qr-test.ksef.mf.gov.pl/", { type: "png", margin: 1, width: 300 });

describe("renderPdf", () => {
  it("keeps every letter copyable whatever the documents before it wrote (a composite ż must not leave a textless z behind)", async () => {
    await renderPdf(documentWith("Zażółć gęślą jaźń. Ґанок, їжак. Съешь же ещё этих мягких французских булок."));
    const text = await textOf(await renderPdf(documentWith("Przykładowa Firma sp. z o.o., Szczecin, jan@example.com")));
    expect(text).toContain("Przykładowa Firma sp. z o.o., Szczecin, jan@example.com");
  });

  it("never ends a page with a heading: a heading that would land at the foot starts the next page with its first lines", async () => {
    const heading = "Oświadczenia i żądania Klienta";
    const block = ["Pierwszy wiersz pod nagłówkiem", "Drugi wiersz pod nagłówkiem", "Trzeci wiersz pod nagłówkiem", "Czwarty wiersz"];
    // One more line of text before the heading each time: across the sweep the heading passes the foot of page 1.
    for (let filler = 36; filler <= 50; filler++) {
      const before: PdfSection = { paragraphs: Array.from({ length: filler }, (_, index) => `Wiersz ${index + 1}`) };
      const pages = await bodiesOf(await renderPdf({ ...documentWith(""), sections: [before, { heading, paragraphs: block }] }));
      for (const [index, lines] of pages.entries()) expect(lines.at(-1), `${filler} lines before, page ${index + 1}`).not.toBe(heading);
      const page = pages.find((lines) => lines.includes(heading)) ?? [];
      expect(page.slice(page.indexOf(heading) + 1, page.indexOf(heading) + 4), `${filler} lines before`).toEqual(block.slice(0, 3));
    }
  });

  it("never splits a section with a QR code: its link and its code start the next page together rather than cross the foot", async () => {
    const link = `https://qr-test.ksef.mf.gov.pl/certificate/Nip/5265877635/5265877635/01901A653B4E2C74/${"A1b2_C3d4-".repeat(40)}`;
    const qr: PdfSection = {
      heading: "Certyfikat KSeF wystawcy",
      paragraphs: ["CERTYFIKAT", `Sprawdź wystawcę w KSeF: ${link}`],
      image: QR_PNG,
    };
    // One more line before the QR section each time: across the sweep its link would pass the foot of page 1.
    for (let filler = 30; filler <= 50; filler += 2) {
      const before: PdfSection = { paragraphs: Array.from({ length: filler }, (_, index) => `Wiersz ${index + 1}`) };
      const pages = await bodiesOf(await renderPdf({ ...documentWith(""), sections: [before, qr] }));
      const withLink = pages.filter((lines) => lines.some((line) => line.includes("qr-test.ksef") || line.includes("A1b2_C3d4")));
      expect(withLink, `${filler} lines before`).toHaveLength(1);
      expect(withLink[0]!.join(""), `${filler} lines before`).toContain(link);
    }
  });
});
