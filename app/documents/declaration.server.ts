import type { SubstituteFlat } from "~/config/company";
import type { OrderRow } from "~/db/schema";
import { coResidentNames, coResidentsOfOrder } from "~/order/co-residents";
import { formatCode } from "~/order/declaration-code";
import { qrCodePng, renderPdf, type PdfSection } from "./pdf.server";

/**
 * The document the business exists to produce: the owner's declaration of consent to the
 * tenant moving into the substitute flat after an eviction (art. 19a ust. 2 pkt 3 of the
 * tenant-protection act), pre-filled for printing and signing. Always Polish: it is handed to
 * a Polish landlord and, for the notarized type, a Polish notary.
 */
export type DeclarationOrder = Pick<
  OrderRow,
  "number" | "declaration_type" | "tenant_name" | "co_residents" | "landlord_name" | "start_date" | "property_address" | "mailing_address"
>;

const SIGNATURE_LINE = "…………………………………………………………";
const longDate = new Intl.DateTimeFormat("pl-PL", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-12-01" as "1 grudnia 2026". */
export function polishLongDate(isoDay: string): string {
  return longDate.format(new Date(`${isoDay}T00:00:00Z`));
}

export function declarationSections(order: DeclarationOrder, flat: SubstituteFlat): { title: string; sections: PdfSection[] } {
  const lease = [`Adres lokalu wynajmowanego przez najemcę: ${order.property_address}`];
  if (order.landlord_name) lease.push(`Wynajmujący: ${order.landlord_name}`);
  if (order.start_date) lease.push(`Początek najmu: ${polishLongDate(order.start_date)}`);
  // The consent covers the tenant and the persons living with them (art. 19a ust. 2 pkt 3); those the
  // tenant named are listed by name, as the agreement lists them.
  const coResidents = coResidentNames(coResidentsOfOrder(order));
  const tenant = [`Imię i nazwisko: ${order.tenant_name}`, `Adres do korespondencji: ${order.mailing_address}`];
  if (coResidents) tenant.push(`Osoby zamieszkujące z najemcą: ${coResidents}`);
  const named = coResidents ? ", w tym osób wymienionych wyżej" : "";
  const sections: PdfSection[] = [
    { paragraphs: ["Miejscowość i data: " + SIGNATURE_LINE] },
    {
      heading: "Właściciel lokalu zastępczego",
      paragraphs: [`Imię i nazwisko albo nazwa: ${flat.owner}`, `Adres lokalu zastępczego: ${flat.address}`],
    },
    { heading: "Najemca", paragraphs: tenant },
    { heading: "Najem okazjonalny", paragraphs: lease },
    {
      heading: "Oświadczenie",
      paragraphs: [
        `Ja, niżej podpisany właściciel lokalu położonego pod adresem ${flat.address}, oświadczam, że wyrażam zgodę na zamieszkanie w tym lokalu najemcy wskazanego wyżej oraz osób z nim zamieszkujących${named}, w razie ich eksmisji z lokalu wynajmowanego przez najemcę na podstawie umowy najmu okazjonalnego.`,
        "Oświadczenie składam na potrzeby umowy najmu okazjonalnego, zgodnie z art. 19a ust. 2 pkt 3 ustawy z dnia 21 czerwca 2001 r. o ochronie praw lokatorów, mieszkaniowym zasobie gminy i o zmianie Kodeksu cywilnego.",
      ],
    },
    { heading: "Podpis właściciela lokalu", paragraphs: ["", SIGNATURE_LINE, "(czytelny podpis właściciela lokalu zastępczego)"] },
  ];
  if (order.declaration_type === "notarized")
    sections.push({
      heading: "Załącznik: poświadczenie podpisu przez notariusza",
      startsNewPage: true,
      paragraphs: [
        `Dotyczy oświadczenia właściciela lokalu zastępczego (${flat.address}) o zgodzie na zamieszkanie najemcy: ${order.tenant_name}${
          coResidents ? `, oraz osób z nim zamieszkujących: ${coResidents}` : ""
        }.`,
        "Właściciel podpisuje oświadczenie w obecności notariusza albo uznaje przed nim podpis za własny.",
        "Miejsce na klauzulę notarialną poświadczenia podpisu:",
        "",
        "",
        "",
        "Repertorium A nr: " + SIGNATURE_LINE,
        "Pieczęć i podpis notariusza: " + SIGNATURE_LINE,
      ],
    });
  return { title: "Oświadczenie właściciela lokalu o wyrażeniu zgody na zamieszkanie najemcy", sections };
}

/**
 * The declaration's verification code (compact, as stored) and the link its QR code carries (app/order/declaration-code.ts).
 * A replacement declaration (docs/decisions/092) also prints its day (`declaredOn`); one that a newer declaration
 * replaced says so at its top (`replacedOn`), so an old copy printed again is not taken for the current one.
 */
export type DeclarationCheck = { code: string; url: string; declaredOn?: string | null; replacedOn?: string | null };

/**
 * How the landlord checks the declaration (docs/decisions/089): its code, the page's link and the
 * same link as a QR code, after the owner's signature and before the notary's annex.
 */
async function checkSection({ code, url }: DeclarationCheck): Promise<PdfSection> {
  return {
    heading: "Weryfikacja oświadczenia",
    paragraphs: [
      `Kod weryfikacyjny: ${formatCode(code)}`,
      `Wynajmujący może sprawdzić, czy oświadczenie jest prawdziwe i nadal ważne: wystarczy zeskanować kod QR albo otworzyć stronę ${url}`,
    ],
    image: await qrCodePng(url),
    imageSize: 90,
  };
}

export async function declarationPdf(order: DeclarationOrder, flat: SubstituteFlat, check: DeclarationCheck): Promise<Buffer> {
  const { title, sections } = declarationSections(order, flat);
  if (check.declaredOn) sections[0] = { paragraphs: [`Miejscowość: ${SIGNATURE_LINE}`, `Data: ${polishLongDate(check.declaredOn)}`] };
  const annex = sections.findIndex((section) => section.startsNewPage);
  const at = annex === -1 ? sections.length : annex;
  const replaced = check.replacedOn ? [`NIEWAŻNE – zastąpione ${polishLongDate(check.replacedOn)}`] : [];
  return renderPdf({
    header: [`Zamówienie ${order.number}`, `Kod weryfikacyjny: ${formatCode(check.code)}`, ...replaced],
    title,
    sections: [...sections.slice(0, at), await checkSection(check), ...sections.slice(at)],
    metaTitle: `${title} (${order.number})`,
    lang: "pl",
    pageLabel: (page, total) => `Strona ${page} z ${total}`,
  });
}
