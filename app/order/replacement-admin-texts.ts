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
    paid: "Zaznacz, że dopłata wpłynęła – bez niej oświadczenia zastępczego nie wystawiamy.",
  },
  refused: {
    "not-dispatched": "Oświadczenie zastępcze wystawia się tylko dla wysłanego zamówienia.",
    closed: "Klient odstąpił od umowy albo dane zamówienia usunięto: oświadczenia zastępczego nie wystawiamy.",
    stale:
      "W międzyczasie wystawiono już oświadczenie zastępcze. Odśwież stronę, sprawdź historię i wpisz dane jeszcze raz, jeśli nadal trzeba.",
  },
  done: "Wystawiono oświadczenie zastępcze. Klient dostanie e-mail; pobierz nowe oświadczenie do podpisu.",
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
