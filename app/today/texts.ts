/** The words of "Dziś", the back office's first page (Polish only, as the whole back office). */
export const TODAY_TEXT = {
  title: "Dziś",
  lead: "Wszystko, co czeka na działanie, w grupach; pierwsza jest grupa z najbliższym terminem. Numer zamówienia otwiera jego stronę.",
  nothing: "Na dziś nic więcej",
  nothingLead:
    "Żadne zamówienie nie czeka na wpłatę do jutra ani na wysyłkę, nie ma odstąpień ani przesyłek z problemem, wiadomości bez odpowiedzi, wpłat z wyciągu do sprawdzenia, faktur dla KSeF ani opinii do oceny.",
  undoable: "Twoje zmiany do cofnięcia",
  undoableLead: "Przez 10 minut możesz cofnąć własne „opłacone” lub „wysłane”.",
  late: "po terminie",
  wholeList: "Pełna lista",
  groups: {
    unpaid: "Wpłata mija dziś lub jutro",
    dispatch: "Opłacone do wysyłki",
    withdrawals: "Odstąpienia do decyzji",
    parcels: "Przesyłki z problemem",
    statementLines: "Wpłaty z wyciągu do sprawdzenia",
    invoices: "Faktury: KSeF",
    reviews: "Opinie do oceny",
  },
  unmatchedStatement: "oświadczenie bez zamówienia: przypisz je",
  invoice: (number: string) => `Faktura ${number}`,
  ksefInvoice: (number: string, state: string) => `Faktura ${number}: ${state}`,
} as const;
