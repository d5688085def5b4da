/** The back office's words about replacement declarations (docs/decisions/092); Polish only, as the whole back office. */
export const REPLACEMENT_TEXT = {
  heading: "Wystaw oświadczenie zastępcze",
  lead: "Gdy lokalu zastępczego z oświadczenia nie można już użyć, wynajmujący może żądać, by najemca w ciągu 21 dni wskazał inny lokal. Wpisz nowego właściciela i nowy lokal: poprzednie oświadczenie stanie się nieważne (strona weryfikacji pokaże „zastąpione”), nowe dostanie nowy kod, a klient dostanie e-mail w swoim języku.",
  owner: "Nowy właściciel lokalu zastępczego (imię i nazwisko albo nazwa)",
  address: "Adres nowego lokalu zastępczego",
  addressHint: "Ulica, numer, kod pocztowy i miejscowość – tak, jak mają stać w oświadczeniu.",
  city: "Miejscowość nowego lokalu",
  declaredOn: "Data oświadczenia",
  confirm: "Poprzednie oświadczenie przestanie być ważne, a klient dostanie e-mail",
  paid: (amount: string) => `Klient zapłacił ${amount} za oświadczenie zastępcze (dopłata na konto, tytuł z numerem zamówienia)`,
  submit: "Wystaw oświadczenie zastępcze",
  after:
    "Potem pobierz nowe oświadczenie (przycisk „Pobierz oświadczenie” drukuje zawsze aktualne), daj je do podpisu nowemu właścicielowi i wyślij klientowi na adres do korespondencji, tak jak pierwsze – etykieta jest obok. Przesyłka InPost z tej strony służy tylko pierwszej wysyłce: nowe oświadczenie nadaj osobno.",
  notarized: "To zamówienie z podpisem poświadczonym notarialnie: podpis nowego właściciela musi znów poświadczyć notariusz.",
  onlyDispatched: "Oświadczenie zastępcze wystawia się dla wysłanego zamówienia.",
  errors: {
    owner: "Wpisz imię i nazwisko albo nazwę nowego właściciela (od 3 do 200 znaków, w jednym wierszu).",
    address: "Wpisz pełny adres nowego lokalu (od 5 do 300 znaków, w jednym wierszu).",
    city: "Wpisz miejscowość nowego lokalu (od 2 do 100 znaków).",
    declaredOn: "Wpisz prawdziwą datę, nie wcześniejszą niż dzień zamówienia i najwyżej 30 dni od dziś.",
    confirm: "Zaznacz, że poprzednie oświadczenie przestanie być ważne.",
    paid: "Zaznacz, że dopłata wpłynęła – bez niej oświadczenia zastępczego nie wystawiamy. Albo poproś klienta o płatność online.",
  },
  onlineUnavailable: "Płatność online jest wyłączona (brak Przelewy24) albo oświadczenie zastępcze jest bezpłatne: wystaw je od razu.",
  refused: {
    "not-dispatched": "Oświadczenie zastępcze wystawia się tylko dla wysłanego zamówienia.",
    closed: "Klient odstąpił od umowy albo dane zamówienia usunięto: oświadczenia zastępczego nie wystawiamy.",
    stale:
      "W międzyczasie wystawiono już oświadczenie zastępcze. Odśwież stronę, sprawdź historię i wpisz dane jeszcze raz, jeśli nadal trzeba.",
    "awaiting-payment":
      "Oświadczenie zastępcze czeka już na płatność online klienta. Anuluj tę prośbę, jeśli chcesz wystawić inne albo przyjąć przelew.",
    "already-awaiting":
      "Oświadczenie zastępcze czeka już na płatność online klienta: może czekać tylko jedno. Anuluj tę prośbę, jeśli dane trzeba zmienić.",
  },
  done: "Wystawiono oświadczenie zastępcze. Klient dostanie e-mail; pobierz nowe oświadczenie do podpisu.",
  /** docs/decisions/094: the replacement paid online, on the customer's order page. */
  online: {
    or: "Albo, zamiast przelewu:",
    request: "Poproś klienta o płatność online",
    requestHint: (amount: string) =>
      `Zapisze dane nowego lokalu i wyśle klientowi e-mail z kwotą ${amount} i linkiem do strony zamówienia (BLIK, szybki przelew lub karta przez Przelewy24). Oświadczenie zastępcze wystawi się samo, gdy płatność dotrze – wtedy je pobierz i daj do podpisu.`,
    requested:
      "Poproszono klienta o płatność online za oświadczenie zastępcze; dostanie e-mail z linkiem. Oświadczenie wystawi się po płatności.",
    waitingHeading: "Czeka na płatność online klienta",
    waiting: (amount: string, since: string) => `Oświadczenie zastępcze za ${amount}, prośba z ${since}.`,
    cancel: "Anuluj prośbę o płatność",
    cancelled: "Anulowano prośbę o płatność online za oświadczenie zastępcze.",
    cancelRefused: "Ta prośba o płatność nie czeka już: klient zapłacił albo ją anulowano. Odśwież stronę.",
  },
  list: {
    heading: "Oświadczenia tego zamówienia",
    first: "Pierwsze oświadczenie",
    replacement: "Oświadczenie zastępcze",
    current: "aktualne",
    replaced: (date: string) => `zastąpione ${date}`,
    code: "kod",
    flat: "lokal",
    download: "Pobierz",
  },
} as const;
