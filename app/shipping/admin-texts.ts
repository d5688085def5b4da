/** The back office's words about delivery and InPost shipments (docs/decisions/048; Polish only, as the whole back office). */

/** The delivery box at the top of an order's page, and the delivery column of the list and the CSV. */
export const LABEL_TEXT = {
  heading: "Adres do korespondencji (na etykietę przesyłki)",
  lockerHeading: "Paczkomat odbioru (na etykietę przesyłki)",
  locker: "Paczkomat InPost",
  courier: "Kurier",
} as const;

export const SHIPPING_TEXT = {
  heading: "Wysyłka",
  method: "Sposób dostawy",
  courier: "Kurier na adres do korespondencji",
  locker: (name: string, address: string | null) => `Paczkomat InPost ${name}${address ? `, ${address}` : ""}`,
  lockerUnchecked: "Nazwę wpisał klient, gdy wyszukiwarka InPost nie działała: sprawdź ją przed nadaniem.",
  trackingNumber: "Numer przesyłki InPost",
  trackingPending: "InPost jeszcze nie nadał numeru (przesyłka czeka na potwierdzenie)",
  status: "Status w InPost",
  delivered: "Doręczono",
  ship: "Nadaj przesyłkę",
  shipHint:
    "Tworzy przesyłkę w InPost (szablon „small”, koperta A4) z etykietą. Zamówienie będzie wysłane, gdy InPost potwierdzi, że ma przesyłkę (odbiór przez kuriera albo nadanie w paczkomacie).",
  confirmNote: (inLanguage: string) =>
    `InPost od razu utworzy płatną przesyłkę. Gdy ją odbierze, klient dostanie e-mail ${inLanguage} z jej numerem. Sprawdź zamówienie przed zaznaczeniem.`,
  confirm: "Potwierdzam: nadaj przesyłkę w InPost, klient dostanie e-mail z numerem, gdy InPost ją odbierze",
  label: "Etykieta (PDF)",
  done: "Przesyłka utworzona w InPost, etykieta gotowa. Zamówienie oznaczymy jako wysłane, a klient dostanie e-mail z numerem, gdy InPost odbierze przesyłkę.",
  awaitingPickup:
    "Etykieta gotowa: przesyłka czeka na odbiór przez InPost. Zamówienie oznaczymy jako wysłane (klient dostanie e-mail z numerem), gdy InPost potwierdzi, że ją ma.",
  batch: "Nadaj wszystkie gotowe do wysyłki",
  batchHint: "Pokazuje opłacone zamówienia gotowe do wysyłki; nadajesz je po sprawdzeniu listy i potwierdzeniu.",
  batchTitle: "Nadaj gotowe do wysyłki",
  batchLead:
    "Zaznaczone zamówienia zostaną nadane w InPost jedno po drugim: każde dostanie przesyłkę z numerem i etykietą, którą pobierzesz potem jednym plikiem PDF. Każde będzie wysłane, a klient dostanie e-mail z numerem, gdy InPost odbierze przesyłkę.",
  batchReady: "Gotowe do wysyłki",
  batchWaiting: "Czekają",
  batchWaitingLead: "Tych zamówień jeszcze nie wysyłamy:",
  batchNone: "Nie ma opłaconych zamówień gotowych do wysyłki.",
  batchColumns: ["Nadać", "Numer", "Klient", "Dostawa", "Wysyłka do"],
  batchChoose: (number: string) => `Nadaj ${number}`,
  batchChooseOne: "Zaznacz co najmniej jedno zamówienie do nadania.",
  batchConfirmNote:
    "InPost od razu utworzy płatne przesyłki. Gdy odbierze każdą z nich, klient dostanie e-mail w swoim języku z numerem przesyłki.",
  batchConfirm: "Potwierdzam: nadaj zaznaczone przesyłki w InPost, klienci dostaną e-mail z numerem, gdy InPost je odbierze",
  batchSubmit: "Nadaj zaznaczone",
  batchShipped: (shipped: number, all: number) => `Utworzone przesyłki: ${shipped} z ${all}.`,
  batchShippedAs: (trackingNumber: string) => `utworzona, numer ${trackingNumber}; czeka na odbiór przez InPost`,
  batchLabels: "Pobierz etykiety nadanych przesyłek (PDF)",
  batchBack: "← Do wysyłki",
  waitingPeriod: (until: string) =>
    `okres odstąpienia trwa do ${until} włącznie, a klient nie zażądał wcześniejszego rozpoczęcia: wysyłamy po nim`,
  waitingPickup: "etykieta gotowa, przesyłka czeka na odbiór przez InPost; zamówienie będzie wysłane, gdy InPost ją odbierze",
  waitingLocker: "nazwę paczkomatu klient wpisał sam, gdy wyszukiwarka InPost nie działała: sprawdź ją i nadaj z karty zamówienia",
  notReady: "Zamówienie nie jest już gotowe do wysyłki (odstąpione, anulowane albo zmienione w międzyczasie).",
  notPaid: "Nadać można tylko opłacone zamówienie.",
  withdrawn: "Klient odstąpił od umowy: tego zamówienia nie wysyłamy. Rozlicz odstąpienie na karcie zamówienia.",
  inProgress:
    "To zamówienie jest właśnie nadawane (w innym oknie albo przez inną osobę). Odśwież stronę za chwilę: nie powstanie druga przesyłka.",
  pending:
    "InPost przyjął przesyłkę, ale jeszcze jej nie potwierdził. Spróbuj za chwilę: ta sama przesyłka zostanie odnaleziona, nie powstanie druga.",
  unavailable:
    "InPost nie odpowiada. Spróbuj ponownie za kilka minut: ponowna próba odnajdzie przesyłkę, jeśli powstała, i nie utworzy drugiej.",
  refused: (reason: string) => `InPost odmówił nadania: ${reason}. Nic nie zostało nadane.`,
  tokenRefused: "InPost nie przyjął tokenu API (INPOST_API_TOKEN)",
  organizationRefused: "token nie ma dostępu do organizacji INPOST_ORGANIZATION_ID",
  invalidData: (fields: string) => `nieprawidłowe dane przesyłki (${fields}); popraw je w danych klienta`,
  field: {
    phone: "telefon odbiorcy",
    email: "e-mail odbiorcy",
    address: "adres odbiorcy",
    target_point: "paczkomat",
    service: "usługa",
    parcels: "gabaryt",
  } as Record<string, string>,
  /** The list's flag on a dispatched order whose InPost parcel came back, cannot be delivered or is stuck. */
  troubleStatus: (status: string) => `Przesyłka InPost: ${status}`,
  troubleStuck: (since: string) => `Przesyłka InPost w drodze od ${since}: dłużej niż powinna`,
} as const;

/** InPost's shipment statuses in Polish words, for the order's page and the list. */
export const SHIPMENT_STATUS_LABEL: Record<string, string> = {
  requested: "zlecona, czeka na odpowiedź InPost",
  created: "utworzona",
  confirmed: "potwierdzona (etykieta gotowa)",
  dispatched_by_sender: "nadana w paczkomacie",
  collected_from_sender: "odebrana od nadawcy",
  taken_by_courier: "odebrana przez kuriera",
  adopted_at_source_branch: "w oddziale nadawczym",
  sent_from_source_branch: "w drodze",
  out_for_delivery: "wydana do doręczenia",
  ready_to_pickup: "czeka w paczkomacie",
  delivered: "doręczona",
  avizo: "awizo",
  returned_to_sender: "zwrócona do nadawcy",
  rejected_by_receiver: "odmowa przyjęcia",
  undelivered: "niedoręczona",
  stack_in_customer_service_point: "przekierowana do POP",
  stack_parcel_pickup_time_expired: "upłynął czas odbioru",
  canceled: "anulowana",
  missing: "zaginiona",
};
