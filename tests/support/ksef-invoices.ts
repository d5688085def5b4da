import type { Fa3Invoice, Fa3Line } from "~/ksef/fa3";

/** The site's one service, at the 23 % rate: 299 zł gross is 243.09 net and 55.91 VAT. */
export const serviceLine: Fa3Line = {
  name: "Oświadczenie o adresie zastępczym",
  unit: "usł.",
  quantity: 1,
  unitNetGrosze: 24309,
  netGrosze: 24309,
  vat: { rate: 23 },
};

/** An invoice to a business buyer, from the seller whose NIP the KSeF stand-in authenticates (TEST_KSEF.nip). */
export const businessInvoice: Fa3Invoice = {
  number: "FV/2026/11/0001",
  issueDate: "2026-11-27",
  paymentDate: "2026-11-26",
  createdAt: new Date("2026-11-27T09:30:00Z"),
  seller: { nip: "5265877635", name: "Adres do eksmisji sp. z o.o.", addressLine1: "ul. Prosta 1", addressLine2: "00-001 Warszawa" },
  buyer: { nip: "7791011327", name: "Kowalski & Syn sp. j.", addressLine1: "ul. Krzywa 2/4", addressLine2: "60-001 Poznań" },
  lines: [serviceLine],
  totals: { netGrosze: 24309, vatGrosze: 5591, grossGrosze: 29900 },
};
