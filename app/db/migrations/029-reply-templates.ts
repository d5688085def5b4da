import type { MigrationStep } from "./step";

/**
 * The operator's reply templates (docs/decisions/087): one row per title and language, so every
 * template has its text in each of the four languages and an answer is filled in the thread's.
 * {{numer}}, {{termin}} and {{kwota}} are filled from the order when the operator picks a template.
 * Three templates ship with the schema; the operator edits or deletes them in the back office.
 */
const SEED_AT = "2026-11-02T00:00:00.000Z";

const SEED: readonly { title: string; bodies: Record<"pl" | "en" | "uk" | "ru", string> }[] = [
  {
    title: "Kiedy wyślemy oświadczenie",
    bodies: {
      pl: "Dzień dobry,\n\noświadczenie do zamówienia {{numer}} wyślemy najpóźniej {{termin}}. Gdy kurier odbierze przesyłkę, dostaniesz e-mail z jej numerem, a jej drogę zobaczysz na stronie zamówienia.\n\nPozdrawiamy\nZespół Adres do eksmisji",
      en: "Hello,\n\nWe will dispatch the declaration for order {{numer}} no later than {{termin}}. Once the courier collects the parcel, you will receive an e-mail with its tracking number, and you can follow it on your order page.\n\nKind regards\nThe Adres do eksmisji team",
      uk: "Добрий день!\n\nЗаяву власника житла до замовлення {{numer}} ми відправимо не пізніше {{termin}}. Коли кур’єр забере посилку, ви отримаєте лист із її номером, а відстежувати її можна на сторінці замовлення.\n\nЗ повагою\nКоманда Adres do eksmisji",
      ru: "Добрый день!\n\nЗаявление собственника жилья к заказу {{numer}} мы отправим не позднее {{termin}}. Когда курьер заберёт посылку, вы получите письмо с её номером, а отслеживать её можно на странице заказа.\n\nС уважением\nКоманда Adres do eksmisji",
    },
  },
  {
    title: "Co zabrać do notariusza",
    bodies: {
      pl: "Dzień dobry,\n\ndo umowy najmu okazjonalnego dołączasz własne oświadczenie w formie aktu notarialnego, w którym poddajesz się egzekucji i zobowiązujesz do opróżnienia lokalu. Do notariusza zabierz dokument tożsamości (paszport albo kartę pobytu), umowę najmu (albo jej projekt) i nasze oświadczenie właściciela lokalu do zamówienia {{numer}}: w akcie podajesz adres lokalu, w którym zamieszkasz w razie eksmisji. Imię i nazwisko w dokumencie tożsamości i w naszym oświadczeniu muszą być zapisane tak samo. Listę dokumentów najlepiej potwierdzić z kancelarią przy umawianiu wizyty.\n\nPozdrawiamy\nZespół Adres do eksmisji",
      en: "Hello,\n\nWith an occasional lease (najem okazjonalny), you attach your own statement in the form of a notarial deed, in which you submit to enforcement and undertake to vacate the flat. Take to the notary your identity document (passport or residence card), the lease agreement (or its draft) and our owner's declaration for order {{numer}}: the deed names the flat where you will live in case of eviction. Your name must be spelt the same way in your identity document and in our declaration. It is best to confirm the list of documents with the notary's office when you book the appointment.\n\nKind regards\nThe Adres do eksmisji team",
      uk: "Добрий день!\n\nДо договору оказіонального найму ви додаєте власну заяву у формі нотаріального акта, в якій підпорядковуєтеся примусовому виконанню та зобов’язуєтеся звільнити житло. До нотаріуса візьміть документ, що посвідчує особу (паспорт або карту перебування), договір найму (або його проєкт) і нашу заяву власника житла до замовлення {{numer}}: в акті зазначається адреса житла, де ви проживатимете в разі виселення. Ім’я та прізвище в документі, що посвідчує особу, і в нашій заяві мають бути написані однаково. Перелік документів краще уточнити в нотаріальній конторі, коли записуватиметеся на прийом.\n\nЗ повагою\nКоманда Adres do eksmisji",
      ru: "Добрый день!\n\nК договору окказиональной аренды вы прилагаете собственное заявление в форме нотариального акта, в котором подчиняетесь принудительному исполнению и обязуетесь освободить жильё. К нотариусу возьмите документ, удостоверяющий личность (паспорт или карту побыту – вид на жительство), договор аренды (или его проект) и наше заявление собственника жилья к заказу {{numer}}: в акте указывается адрес жилья, где вы будете проживать в случае выселения. Имя и фамилия в документе, удостоверяющем личность, и в нашем заявлении должны быть написаны одинаково. Список документов лучше уточнить в нотариальной конторе, когда будете записываться на приём.\n\nС уважением\nКоманда Adres do eksmisji",
    },
  },
  {
    title: "Jak odstąpić od umowy",
    bodies: {
      pl: "Dzień dobry,\n\nod umowy do zamówienia {{numer}} możesz odstąpić bez podawania przyczyny w ciągu 14 dni od jej zawarcia: wybierz „Odstąp od umowy tutaj” na dole każdej strony naszego serwisu albo wyślij nam oświadczenie o odstąpieniu e-mailem. Wpłatę ({{kwota}}) zwrócimy niezwłocznie, nie później niż 14 dni od otrzymania oświadczenia, tym samym sposobem płatności, którego użyto, chyba że wyraźnie zgodzisz się na inny. Jeśli na Twoje żądanie zaczęliśmy już usługę, zapłacisz za jej część wykonaną do chwili odstąpienia; po pełnym wykonaniu usługi prawo odstąpienia wygasa.\n\nPozdrawiamy\nZespół Adres do eksmisji",
      en: "Hello,\n\nYou may withdraw from the agreement for order {{numer}} without giving a reason within 14 days of its conclusion: choose “Withdraw from contract here” at the bottom of any page of our site, or send us your withdrawal statement by e-mail. We will refund your payment ({{kwota}}) without undue delay, no later than 14 days after receiving your withdrawal statement, using the same means of payment that was used, unless you expressly agree to another. If we have already started the service at your request, you pay for the part performed before you withdrew; once the service has been fully performed, the right of withdrawal expires.\n\nKind regards\nThe Adres do eksmisji team",
      uk: "Добрий день!\n\nВідмовитися від договору до замовлення {{numer}} можна без пояснення причин протягом 14 днів з дня його укладення: натисніть «Відмовитися від договору тут» унизу будь-якої сторінки нашого сайту або надішліть нам заяву про відмову електронною поштою. Платіж ({{kwota}}) ми повернемо невідкладно, не пізніше ніж через 14 днів з дня отримання заяви, тим самим способом оплати, яким було здійснено платіж, якщо ви прямо не погодитеся на інший. Якщо на вашу вимогу ми вже почали надавати послугу, ви оплачуєте її частину, виконану до моменту відмови; після повного виконання послуги право на відмову від договору втрачається.\n\nЗ повагою\nКоманда Adres do eksmisji",
      ru: "Добрый день!\n\nОтказаться от договора к заказу {{numer}} можно без объяснения причин в течение 14 дней с его заключения: нажмите «Отказаться от договора здесь» внизу любой страницы нашего сайта или пришлите нам заявление об отказе по электронной почте. Платёж ({{kwota}}) мы вернём незамедлительно, не позднее 14 дней с получения заявления, тем же способом оплаты, которым был произведён платёж, если вы прямо не согласитесь на другой. Если по вашему требованию мы уже начали оказывать услугу, вы оплачиваете её часть, выполненную до момента отказа; после полного выполнения услуги право на отказ от договора утрачивается.\n\nС уважением\nКоманда Adres do eksmisji",
    },
  },
];

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
const SEED_ROWS = SEED.flatMap(({ title, bodies }) =>
  Object.entries(bodies).map(([locale, body]) => `(${quoted(title)}, '${locale}', ${quoted(body)}, '${SEED_AT}')`),
).join(",\n");
const SEED_SQL = `INSERT INTO reply_templates (title, locale, body, updated_at) VALUES\n${SEED_ROWS};`;

export const replyTemplates: MigrationStep = {
  name: "reply-templates",
  sqlite: `CREATE TABLE reply_templates (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('pl', 'en', 'uk', 'ru')),
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (title, locale)
) STRICT;
${SEED_SQL}`,
  postgres: `CREATE TABLE reply_templates (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('pl', 'en', 'uk', 'ru')),
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (title, locale)
);
${SEED_SQL}`,
};
