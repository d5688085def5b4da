import { pdfTextOf as textOf } from "../../tests/support/pdf-text";
import { describe, expect, it } from "vitest";
import { renderPdf, type PdfDocumentInput } from "./pdf.server";

const documentWith = (paragraph: string): PdfDocumentInput => ({
  header: [],
  title: "Umowa",
  sections: [{ paragraphs: [paragraph] }],
  metaTitle: "Umowa",
  lang: "pl",
  pageLabel: (page, total) => `${page} / ${total}`,
});

describe("renderPdf", () => {
  it("keeps every letter copyable whatever the documents before it wrote (a composite ż must not leave a textless z behind)", async () => {
    await renderPdf(documentWith("Zażółć gęślą jaźń. Ґанок, їжак. Съешь же ещё этих мягких французских булок."));
    const text = await textOf(await renderPdf(documentWith("Przykładowa Firma sp. z o.o., Szczecin, jan@example.com")));
    expect(text).toContain("Przykładowa Firma sp. z o.o., Szczecin, jan@example.com");
  });
});
