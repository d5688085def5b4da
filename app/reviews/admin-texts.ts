/** The back office's words about reviews (Polish only, as the whole back office). */
/** Customers' reviews (docs/decisions/052): the list to decide on, and what the home page then shows. */
export const REVIEW_TEXT = {
  title: "Opinie klientów",
  link: (pending: number) => `Opinie klientów (do oceny: ${pending})`,
  lead: "Klient pisze opinię przez link z e-maila wysłanego po doręczeniu przesyłki (gdy InPost je zgłosi) albo 10 dni po wysyłce zamówienia. Na stronie głównej pokazujemy zatwierdzone opinie (z imieniem, miastem, oceną, miesiącem i napisem „Zweryfikowane zamówienie”), ale dopiero gdy zatwierdzone są co najmniej trzy. Zatwierdzaj także opinie krytyczne: odrzucaj tylko treści niezgodne z prawem, obraźliwe, z danymi innych osób albo niezwiązane z usługą. Pomijanie niekorzystnych opinii wprowadza w błąd (art. 7 pkt 23b ustawy o przeciwdziałaniu nieuczciwym praktykom rynkowym).",
  tabs: { pending: "Do oceny", approved: "Zatwierdzone", rejected: "Odrzucone" },
  none: "Brak opinii w tej grupie.",
  order: "Zamówienie",
  stars: (stars: number) => `Ocena: ${stars} na 5`,
  shownAs: "Podpis",
  language: "Język",
  written: "Napisano",
  changed: "zmieniono",
  decided: (by: string, at: string) => `Decyzja: ${by}, ${at}`,
  approve: "Zatwierdź do publikacji",
  reject: "Odrzuć",
  approved:
    "Zatwierdzono opinię. Strona główna pokaże ją, gdy odświeży swoją kopię w pamięci podręcznej (domyślnie do minuty), jeśli zatwierdzone są co najmniej trzy.",
  rejected: "Odrzucono opinię. Nie będzie widoczna na stronie.",
  unchanged: "Ta opinia ma już taki status.",
  notFound: "Nie ma takiej opinii.",
  /** The customer's objection to the review request, on the customer's data page. */
  objection: {
    heading: "Sprzeciw wobec prośby o opinię",
    lead: "Jeśli klient nie chce e-maila z prośbą o opinię (sprzeciw, art. 21 RODO), zapisz to tutaj: prośba nie zostanie wysłana do żadnego z jego zamówień, także do późniejszych z tym samym adresem e-mail. Sprzeciw zostaje w historii każdego zamówienia.",
    submit: "Zapisz sprzeciw wobec prośby o opinię",
    recorded: (numbers: string) => `Zapisano sprzeciw wobec prośby o opinię w zamówieniach: ${numbers}.`,
    alreadyAsked: (numbers: string) => `Do zamówień ${numbers} prośba została już wysłana wcześniej; kolejnej nie będzie.`,
    nothingNew: "Sprzeciw był już zapisany we wszystkich zamówieniach tego klienta.",
  },
} as const;
