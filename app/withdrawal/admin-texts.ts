import { ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY } from "./limits";

/** The back office's words about withdrawals (Polish only, as the whole back office). */
/** Withdrawal statements (art. 11a): the list's tab, its table, linking by hand, and the order page's section. */
export const WITHDRAWAL_TEXT = {
  tab: (all: number, unmatched: number) => `Odstąpienia od umowy (${all}, nieprzypisane: ${unmatched})`,
  unmatchedTab: (unmatched: number) => `Tylko nieprzypisane (${unmatched})`,
  heading: "Oświadczenia o odstąpieniu od umowy",
  none: "Brak oświadczeń o odstąpieniu dla tego filtra.",
  caption: "Oświadczenia o odstąpieniu: nieprzypisane na początku, potem od najnowszych",
  receivedAt: "Otrzymano",
  refundDueBy: "Zwrot najpóźniej",
  name: "Imię i nazwisko",
  reference: "Zamówienie (jak wpisano)",
  email: "E-mail do potwierdzenia",
  order: "Zamówienie",
  unmatched: "Nieprzypisane",
  matchedBy: { token: "z linku zamówienia", details: "numer i e-mail z zamówienia", operator: "przypisane ręcznie" } as Record<
    string,
    string
  >,
  linkLabel: "Numer zamówienia, którego dotyczy",
  linkButton: "Przypisz do zamówienia",
  linked: "Przypisano oświadczenie do zamówienia i oznaczono zamówienie jako odstąpione.",
  linkErrors: {
    unknownOrder: "Nie ma zamówienia o tym numerze. Wpisz numer w postaci AE-RRRR-NNNNNN.",
    alreadyLinked: "To oświadczenie jest już przypisane do zamówienia.",
    notFound: "Nie ma takiego oświadczenia.",
  } as Record<string, string>,
  orderSection: "Odstąpienie od umowy",
  orderWithdrawn: (receivedAt: string, refundBy: string) =>
    `Klient odstąpił od umowy: oświadczenie otrzymano ${receivedAt}. Zwrot należnej kwoty najpóźniej ${refundBy} (14 dni od otrzymania oświadczenia, art. 32 ust. 1 ustawy o prawach konsumenta). Rozliczenie (cały zwrot albo kwota za wykonaną część usługi, zwrot pieniędzy i zamknięcie zamówienia) zapisujesz poniżej.`,
  statements: "Oświadczenia (w brzmieniu potwierdzonym przez klienta albo zapisanym przez obsługę)",
  channel: {
    email: (sentOn: string, by: string) => `Otrzymane e-mailem (wysłane ${sentOn}); zapisane przez ${by}`,
    post: (sentOn: string, by: string) => `Otrzymane pocztą (nadane ${sentOn}); zapisane przez ${by}`,
  },
  late: "Złożone po terminie: wysłane po upływie terminu na odstąpienie od umowy (14 dni od zawarcia umowy, art. 27 ustawy o prawach konsumenta). Zamówienia nie oznaczono jako odstąpione; klient dostał odpowiedź o oświadczeniu złożonym po terminie.",
  paidAfterWithdrawal: {
    note: "Klient odstąpił od umowy. Wpłatę, która przyszła mimo to, zapisz tylko po to, żeby ją zwrócić: klient nie dostanie e-maila o opłaceniu, a zamówienia nie wysyłaj. Potem rozlicz odstąpienie ze zwrotem w sekcji „Odstąpienie od umowy”.",
    confirm: "Potwierdzam: wpłata jest na koncie i zostanie zwrócona",
  },
  acknowledgementWithheld: `Potwierdzenia nie wysłano: wyczerpano dzienny limit potwierdzeń odstąpienia na ten adres (${ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY} na dobę). Jeśli oświadczenie jest prawdziwe, napisz do klienta.`,
  decision: {
    heading: "Rozliczenie odstąpienia",
    full: "Zwrot całej wpłaty (usługa nie została rozpoczęta albo nic nie zatrzymujemy)",
    partial: "Zwrot pomniejszony o kwotę za usługę wykonaną do chwili odstąpienia (art. 35 ustawy o prawach konsumenta)",
    partialOnlyAfterEarlyStart:
      "Kwotę za wykonaną część można zatrzymać tylko wtedy, gdy klient zażądał rozpoczęcia przed upływem terminu na odstąpienie i zapłacił; tu zwracasz całość.",
    retained: "Kwota za wykonaną część usługi (zł)",
    retainedHint: (paid: string) => `Więcej niż 0 i mniej niż wpłata (${paid}).`,
    /** The standard reasons (art. 35): the customer reads the one chosen in their language (payment.json of each language, retained.reasons). */
    reasonCode: "Co wykonano do chwili odstąpienia",
    reasons: {
      owner_confirmed: "Właściciel lokalu potwierdził zgodę na zamieszkanie najemcy",
      declaration_signed: "Oświadczenie właściciela lokalu zostało podpisane",
      handed_to_carrier: "Przesyłka z podpisanym oświadczeniem została nadana (przekazana przewoźnikowi)",
      other: "Inny powód (wpisz go poniżej; klient przeczyta go tak, jak go wpiszesz)",
    },
    reason: "Inny powód: uzasadnienie kwoty",
    submit: "Zapisz rozliczenie",
    expired: (deliveredAt: string) =>
      `Prawo odstąpienia wygasło (art. 38 ust. 1 pkt 1 ustawy o prawach konsumenta): oświadczenie właściciela lokalu zostało doręczone klientowi ${deliveredAt}, przed otrzymaniem oświadczenia o odstąpieniu, a klient zażądał rozpoczęcia przed upływem terminu i przyjął do wiadomości utratę prawa odstąpienia. Oświadczenie klienta pozostaje zapisane.`,
    expiredSubmit: "Wyślij klientowi standardową odpowiedź (w jego języku)",
    errors: {
      decision: "Wybierz rozliczenie, na które pozwalają fakty tego zamówienia.",
      retained: (paid: string) => `Wpisz kwotę większą od 0 i mniejszą od wpłaty (${paid}), np. 120,00.`,
      reason: "Wybierz, co wykonano do chwili odstąpienia, albo wpisz inny powód.",
      refundAmount: (refund: string, paid: string, retained: string) =>
        `Wpisz kwotę większą od 0 i nie większą niż ${refund}: to wpłata (${paid}) minus kwota zatrzymana w rozliczeniu odstąpienia (${retained}).`,
    },
    /** The refund forms' amount once a decision keeps an amount for work done. */
    refundAmount: "Kwota zwrotu (zł)",
    refundHint: (paid: string, retained: string, refund: string) =>
      `Wpłata (${paid}) minus kwota zatrzymana w rozliczeniu odstąpienia (${retained}, art. 35 ustawy o prawach konsumenta): do zwrotu ${refund}. Możesz zwrócić mniej, ale nie więcej.`,
    refused: {
      "not-withdrawn": "To zamówienie nie jest oznaczone jako odstąpione.",
      "already-decided": "Rozliczenie tego odstąpienia jest już zapisane.",
      "not-allowed": "Fakty zamówienia zmieniły się: odśwież stronę i wybierz ponownie.",
      "not-found": "Nie ma takiego zamówienia.",
    } as Record<string, string>,
    done: "Zapisano rozliczenie odstąpienia.",
    decided: {
      full: "Rozliczenie: zwrot całej wpłaty.",
      partial: (retained: string, refund: string, reason: string) =>
        `Rozliczenie: zatrzymujemy ${retained} za wykonaną część usługi (${reason}); do zwrotu ${refund}.`,
      expired: "Rozliczenie: prawo odstąpienia wygasło; klient otrzymał standardową odpowiedź.",
    },
    next: "Zwrot przeprowadzasz w sekcji płatności (zwrot przez Przelewy24) albo anulując zamówienie i zapisując przelew; e-mail do klienta wskaże, że zwrot dotyczy odstąpienia.",
  },
  /** The day the declaration reached the customer, from the carrier's proof: after an early start the right ends then, not on dispatch. */
  delivery: {
    heading: "Zapisz doręczenie z potwierdzenia przewoźnika",
    lead: "Klient zażądał rozpoczęcia przed upływem terminu, a zamówienie wysłano przed otrzymaniem oświadczenia, ale doręczenie nie jest zapisane. Prawo odstąpienia wygasa dopiero z doręczeniem (nie z wysłaniem). Jeśli przewoźnik potwierdza doręczenie, wpisz dzień i godzinę z jego potwierdzenia; bez tego rozlicz odstąpienie jak zwykle.",
    deliveredOn: "Dzień doręczenia",
    deliveredTime: "Godzina doręczenia",
    source: "Potwierdzenie doręczenia (przewoźnik, rodzaj i numer)",
    sourceHint: "Na przykład: DPD, status „doręczono” przesyłki 1234567890. Zapis trafi do historii zamówienia.",
    submit: "Zapisz doręczenie",
    done: "Zapisano doręczenie; zostało odnotowane w historii zamówienia.",
    errors: {
      day: "Wpisz dzień doręczenia (nie późniejszy niż dziś).",
      time: "Wpisz godzinę doręczenia jako GG:MM, nie późniejszą niż teraz.",
      source: "Podaj potwierdzenie doręczenia (3–200 znaków w jednym wierszu).",
    },
    refused: {
      "not-found": "Nie ma takiego zamówienia.",
      "not-dispatched": "Zamówienie nie zostało wysłane: nie ma czego doręczyć.",
      "already-delivered": "Doręczenie tego zamówienia jest już zapisane: odśwież stronę.",
      "before-dispatch": "Doręczenie nie może być wcześniejsze niż wysłanie zamówienia.",
      future: "Doręczenie nie może być późniejsze niż teraz.",
    },
  },
  /** A statement that came by e-mail or by post, recorded by the operator (docs/decisions/063). */
  record: {
    heading: "Zapisz oświadczenie otrzymane e-mailem lub pocztą",
    lead: "Tutaj zapisz oświadczenie o odstąpieniu złożone e-mailem albo listem. Dalej wszystko jak przy formularzu na stronie: w terminie zamówienie zostanie oznaczone jako odstąpione od chwili otrzymania, klient dostanie potwierdzenie z treścią i czasem otrzymania na adres z zamówienia, a zwrot należy się w 14 dni od otrzymania. Wysłane po terminie zostanie zapisane jako złożone po terminie, bez zmian w zamówieniu.",
    channel: "Jak przyszło",
    email: "E-mailem",
    post: "Pocztą (list)",
    sentOn: "Dzień wysłania (data e-maila albo stempla pocztowego)",
    receivedOn: "Dzień otrzymania",
    receivedTime: "Godzina otrzymania",
    sender: "Adres e-mail nadawcy (przy e-mailu)",
    senderHint: "Jeśli jest inny niż adres z zamówienia, dostanie potwierdzenie otrzymania bez treści.",
    text: "Treść oświadczenia albo opis skanu listu",
    textHint:
      "Przepisz lub wklej treść; przy liście możesz opisać skan (np. „formularz odstąpienia, podpisany, skan w dokumentacji”). Klient zobaczy ją w potwierdzeniu.",
    submit: "Zapisz oświadczenie",
    done: "Zapisano oświadczenie o odstąpieniu; klient dostanie potwierdzenie e-mailem.",
    doneLate: "Zapisano oświadczenie złożone po terminie; zamówienie pozostaje bez zmian, a klient dostanie odpowiedź e-mailem.",
    errors: {
      channel: "Wybierz, jak przyszło oświadczenie.",
      sentOn: "Wpisz dzień wysłania (nie późniejszy niż dziś).",
      sentAfterReceived: "Dzień wysłania nie może być późniejszy niż dzień otrzymania.",
      day: "Wpisz dzień otrzymania (nie późniejszy niż dziś).",
      time: "Wpisz godzinę otrzymania jako GG:MM, nie późniejszą niż teraz.",
      email: "Wpisz adres e-mail, z którego przyszło oświadczenie.",
      text: "Wpisz treść oświadczenia albo opis skanu (do 4000 znaków).",
      notFound: "Tego zamówienia nie można już uzupełnić (nie istnieje albo jego dane usunięto).",
    },
  },
  /** One form for an order that has not gone out: the decision, the money back and the cancellation (docs/decisions/058). */
  settle: {
    heading: "Rozliczenie odstąpienia",
    lead: "Jeden formularz: zapisuje rozliczenie, zwraca pieniądze i anuluje zamówienie z powodem „odstąpienie od umowy”. Klient dostanie jeden e-mail w swoim języku.",
    heldOnline: (amount: string) =>
      `Płatność online (${amount}) wróci do klienta przez Przelewy24 w tym samym kroku (pomniejszona o kwotę za wykonaną część, jeśli ją wpiszesz). Jeśli Przelewy24 nie przyjmie zwrotu, nic nie zostanie zapisane.`,
    heldTransfer: (amount: string) =>
      `Wpłata przelewem (${amount}) wraca przelewem na rachunek klienta (pomniejszona o kwotę za wykonaną część, jeśli ją wpiszesz).`,
    nothingHeld: "Zamówienie nie zostało opłacone: nie ma czego zwracać.",
    transferRefund: "Przelew zwrotny",
    transferSent: "Przelew zwrotny jest już wysłany: zapisz zwrot z dzisiejszą datą",
    transferDue: "Przelew zwrotny zostanie wysłany później: zapisz kwotę jako do zwrotu (a po wysłaniu zapisz zwrot w sekcji „Poprawki”)",
    confirm: (inLanguage: string) => `Potwierdzam: zamówienie zostanie anulowane, a klient dostanie e-mail ${inLanguage}`,
    submit: "Rozlicz odstąpienie i zamknij zamówienie",
    errors: {
      transferRefund: "Wybierz, czy przelew zwrotny jest już wysłany, czy dopiero do wysłania.",
      confirm: "Zaznacz potwierdzenie: anulowania i zwrotu nie można cofnąć.",
    },
    refused: {
      "not-found": "Nie ma takiego zamówienia.",
      "not-settleable": "Tego zamówienia nie można już rozliczyć tym formularzem (zostało wysłane albo anulowane): odśwież stronę.",
      "already-decided": "Rozliczenie tego odstąpienia jest już zapisane.",
      "not-allowed": "Fakty zamówienia zmieniły się: odśwież stronę i wybierz ponownie.",
    },
    done: "Rozliczono odstąpienie: zamówienie anulowano, a klient dostał e-mail z powodem i kwotą zwrotu.",
  },
} as const;
