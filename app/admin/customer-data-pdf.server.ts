import { formatPrice } from "~/config/products";
import { renderPdf, type PdfSection } from "~/documents/pdf.server";
import type { CustomerDataExport } from "./customer-data.server";
import { formatWarsawTime } from "./format";
import { describeEvent } from "./history";
import { DECLARATION_LABEL, LOCALE_LABEL, MESSAGE_KIND_LABEL, PAYMENT_TEXT, STATUS_LABEL } from "./texts";

type ExportedOrder = CustomerDataExport["orders"][number];

const line = (label: string, value: string | number | null | undefined) =>
  `${label}: ${value === null || value === undefined || value === "" ? "—" : value}`;
const money = (grosze: number | null) => (grosze === null ? null : formatPrice(grosze, "pl"));

function orderSections(order: ExportedOrder): PdfSection[] {
  const { person, consents, fulfilment } = order;
  return [
    {
      heading: `Zamówienie ${order.number}`,
      startsNewPage: true,
      paragraphs: [
        line("Złożone", formatWarsawTime(order.placedAt)),
        line("Status", STATUS_LABEL[order.status as keyof typeof STATUS_LABEL] ?? order.status),
        line("Rodzaj", DECLARATION_LABEL[order.declarationType as keyof typeof DECLARATION_LABEL] ?? order.declarationType),
        line("Cena", money(order.priceGrosze)),
        line("Język", LOCALE_LABEL[order.language as keyof typeof LOCALE_LABEL] ?? order.language),
      ],
    },
    {
      heading: "Dane osobowe",
      paragraphs: [
        line("Najemca", person.tenantName),
        line("Najemca (jak wpisano)", person.tenantNameAsTyped),
        line("Współlokatorzy", person.coResidents),
        line("Wynajmujący", person.landlordName),
        line("E-mail", person.email),
        line("Telefon", person.phone),
        line("Adres lokalu", person.propertyAddress),
        line("Adres do korespondencji", person.mailingAddress),
        line("Dodatkowe informacje", person.additionalInfo),
        line("Początek najmu", formatWarsawTime(order.rental.startDate)),
        line("Okres najmu (dni)", order.rental.periodDays),
      ],
    },
    {
      heading: "Zgody",
      paragraphs: [
        line("Zgoda na przetwarzanie danych", formatWarsawTime(consents.dataProcessing)),
        line("Akceptacja regulaminu", formatWarsawTime(consents.terms)),
        line("Zgoda na wykonanie przed upływem terminu odstąpienia", formatWarsawTime(consents.immediatePerformance)),
      ],
    },
    {
      heading: "Realizacja i płatności",
      paragraphs: [
        line("Opłacone", formatWarsawTime(fulfilment.paidAt)),
        line("Otrzymano", money(fulfilment.receivedGrosze)),
        line("Wysłane", formatWarsawTime(fulfilment.dispatchedAt)),
        line("Przewoźnik", fulfilment.courier),
        line("Numer przesyłki", fulfilment.trackingNumber),
        line("Anulowane", formatWarsawTime(fulfilment.cancelledAt)),
        line("Powód anulowania", fulfilment.cancelReason),
        line("Zwrot", money(fulfilment.refundedGrosze)),
        line("Data zwrotu", formatWarsawTime(fulfilment.refundedAt)),
        ...order.payments.map(
          (payment) =>
            `Płatność online: ${PAYMENT_TEXT.method[payment.method as keyof typeof PAYMENT_TEXT.method] ?? payment.method}, ` +
            `${PAYMENT_TEXT.state[payment.state as keyof typeof PAYMENT_TEXT.state] ?? payment.state}, ${money(payment.amountGrosze)}, ` +
            `rozpoczęta ${formatWarsawTime(payment.startedAt)}${payment.paidAt ? `, opłacona ${formatWarsawTime(payment.paidAt)}` : ""}`,
        ),
      ],
    },
    {
      heading: "Wysłane e-maile",
      paragraphs: order.emails.length
        ? order.emails.map(
            (email) =>
              `${MESSAGE_KIND_LABEL[email.kind as keyof typeof MESSAGE_KIND_LABEL] ?? email.kind}: ` +
              (email.sentAt ? `wysłany ${formatWarsawTime(email.sentAt)}` : `w kolejce od ${formatWarsawTime(email.queuedAt)}`),
          )
        : ["—"],
    },
    {
      heading: "Historia zmian",
      paragraphs: order.history.length
        ? order.history.map(
            (event) =>
              `${formatWarsawTime(event.at)}: ${describeEvent({
                ...event,
                details: Object.fromEntries(
                  Object.entries(event.details).map(([key, value]) => [
                    key,
                    typeof value === "object" ? JSON.stringify(value) : String(value),
                  ]),
                ),
              })}`,
          )
        : ["—"],
    },
    ...(order.notes.length
      ? [
          {
            heading: "Notatki obsługi",
            paragraphs: order.notes.map((note) => `${formatWarsawTime(note.at)}, ${note.operator}: ${note.text}`),
          },
        ]
      : []),
    { heading: `Umowa (wersja ${order.agreement.version})`, paragraphs: order.agreement.text.split(/\n{2,}/) },
  ];
}

/** The export as a person reads it, in Polish: each order with its data, consents, payments, e-mails, history and agreement. */
export function customerDataPdf(data: CustomerDataExport): Promise<Buffer> {
  return renderPdf({
    header: ["Adres do eksmisji", `Stan na ${formatWarsawTime(data.exportedAt)}`],
    title: "Dane osobowe przechowywane o kliencie",
    sections: [
      {
        paragraphs: [
          "Zestawienie danych osobowych, o które prosi klient (art. 15 RODO). Te same dane w formacie do przeniesienia (JSON, art. 20 RODO) są dostępne na żądanie.",
          line("Liczba zamówień", data.orders.length),
        ],
      },
      ...data.orders.flatMap(orderSections),
    ],
    metaTitle: "Dane osobowe klienta",
    lang: "pl",
    pageLabel: (page, total) => `Strona ${page} z ${total}`,
  });
}
