import { formatAddress, type Company } from "~/config/company";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { BUSINESS_TIME_ZONE, SIGNING_BUSINESS_DAYS } from "~/config/delivery";
import { formatPrice } from "~/i18n/money";
import { vatWording } from "~/i18n/vat-wording";
import { formatLongDate } from "~/i18n/date-format";
import { coResidentNames } from "./co-residents";
import { nameWithOriginal } from "./names";
import type { OrderDetails } from "./schema";
import { lockerLine } from "~/order/delivery";
import { orderPriceGrosze } from "./address-later";

/**
 * The agreement the tenant accepts, built once on the server from the order's data as a
 * plain document, and shown three ways: the preview (React text nodes), the API's `html`
 * (renderToStaticMarkup of the same component) and the plain-text copy stored with the
 * order (and the PDF made from it). Change the wording in locales/<lang>/order.json
 * (`contract.*`) and bump CONTRACT_VERSION with it.
 */
export const CONTRACT_VERSION = "2026-11-30.2";

/** A translation function fixed to the "order" namespace (i18next's fixed `t`, in a component or on the server). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `paymentDeadlineDays`: how long the order may stay unpaid before the agreement ends (PAYMENT_DEADLINE_DAYS). */
export type ContractInput = {
  details: OrderDetails;
  company: Company;
  locale: Locale;
  date: Date;
  paymentDeadlineDays: number;
  /** PRICE_ADDRESS_LATER in grosze: added to the price when the flat's address comes later (docs/decisions/091); absent: 0. */
  addressLaterGrosze?: number;
  t: Translate;
};
export type ContractSection = { heading: string; paragraphs: string[] };
export type ContractDocument = { title: string; sections: ContractSection[]; place: string };

function formatDate(date: Date | string, locale: Locale): string {
  const value = typeof date === "string" ? new Date(`${date}T12:00:00Z`) : date;
  return formatLongDate(value, LOCALE_TAGS[locale], BUSINESS_TIME_ZONE);
}

export function contractDocument({
  details,
  company,
  locale,
  date,
  paymentDeadlineDays,
  addressLaterGrosze = 0,
  t,
}: ContractInput): ContractDocument {
  const addressLater = details.addressLater === true;
  const typeName = t(`contract.types.${details.declarationType}`);
  const price = formatPrice(orderPriceGrosze(details.declarationType, addressLater, addressLaterGrosze), locale);
  // Names stand on labelled lines, never inside a sentence: Polish, Ukrainian and Russian
  // would have to decline them, which a template cannot do.
  // The Latin form as in the passport; the original spelling only beside it, in brackets.
  const tenant = nameWithOriginal(details.tenantName, details.tenantNameOriginal);
  const parties = [
    t("contract.parties.customer", { name: tenant }),
    t("contract.parties.email", { email: details.email }),
    t("contract.parties.phone", { phone: details.phone }),
    t("contract.parties.address", { address: details.mailingAddress }),
    t("contract.parties.provider", { legalName: company.legalName, taxId: company.taxId, address: formatAddress(company) }),
  ];
  const subject = [t("contract.subject.declaration"), t("contract.subject.tenant", { name: tenant })];
  if (details.coResidents.length > 0) subject.push(t("contract.subject.coResidents", { names: coResidentNames(details.coResidents) }));
  subject.push(addressLater ? t("contract.subject.addressLater") : t("contract.subject.property", { address: details.propertyAddress }));
  if (details.landlordName) subject.push(t("contract.subject.landlord", { name: details.landlordName }));
  if (details.startDate) subject.push(t("contract.subject.startDate", { date: formatDate(details.startDate, locale) }));
  if (details.rentalPeriodDays) subject.push(t("contract.subject.rentalPeriod", { count: details.rentalPeriodDays }));
  subject.push(t("contract.subject.legalBasis"));

  const sections: ContractSection[] = [
    { heading: t("contract.parties.heading"), paragraphs: parties },
    { heading: t("contract.subject.heading"), paragraphs: subject },
    {
      heading: t("contract.price.heading"),
      paragraphs: [
        t("contract.price.type", { type: typeName, price, ...vatWording(company.vat, t) }),
        ...(addressLater && addressLaterGrosze > 0
          ? [t("contract.price.addressLater", { extra: formatPrice(addressLaterGrosze, locale) })]
          : []),
        t("contract.price.payment", { account: company.bankAccount, bank: company.bankName }),
        t("contract.price.deadline", { count: paymentDeadlineDays }),
      ],
    },
    {
      heading: t("contract.delivery.heading"),
      paragraphs: [
        t("contract.delivery.time", { count: SIGNING_BUSINESS_DAYS[details.declarationType] }),
        t("contract.delivery.start"),
        ...(addressLater ? [t("contract.delivery.addressLater")] : []),
        details.delivery?.method === "locker"
          ? t("shipping:contract.locker", { locker: lockerLine(details.delivery) })
          : t("contract.delivery.address", { address: details.mailingAddress }),
        t("contract.delivery.uncollected"),
        // A replacement declaration when the substitute flat is lost (docs/decisions/092), at PRICE_REPLACEMENT.
        t("contract.replacement.text", {
          price: t(company.replacementPriceGrosze > 0 ? "contract.replacement.paid" : "contract.replacement.free", {
            amount: formatPrice(company.replacementPriceGrosze, locale),
          }),
        }),
      ],
    },
    { heading: t("contract.withdrawal.heading"), paragraphs: [t("contract.withdrawal.text")] },
    {
      heading: t("contract.final.heading"),
      paragraphs: [
        t("contract.final.text"),
        t("contract.final.termination"),
        ...(details.additionalInfo ? [t("contract.final.additionalInfo", { info: details.additionalInfo })] : []),
      ],
    },
  ];
  return {
    title: t("contract.title"),
    sections,
    place: t("contract.place", { city: company.city, date: formatDate(date, locale) }),
  };
}

type ContractViewProps = {
  document: ContractDocument;
  locale: Locale;
  /** The level of the agreement's title, one below the heading it sits under; its sections take the next. */
  titleLevel: 2 | 3;
};

/** The agreement as React text nodes: user data is never parsed as markup. */
export function ContractView({ document, locale, titleLevel }: ContractViewProps) {
  const Title = titleLevel === 2 ? "h2" : "h3";
  const SectionHeading = titleLevel === 2 ? "h3" : "h4";
  return (
    <article className="space-y-4 text-sm leading-relaxed text-slate-800" lang={locale}>
      <Title className="text-base font-bold text-slate-900">{document.title}</Title>
      <p className="text-slate-600">{document.place}</p>
      {document.sections.map((section, index) => (
        <section key={section.heading} className="space-y-2">
          <SectionHeading className="font-semibold text-slate-900">
            §{index + 1}. {section.heading}
          </SectionHeading>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

/** The exact text the tenant accepted, stored with the order. */
export function contractText(document: ContractDocument): string {
  const sections = document.sections.map((section, index) => [`§${index + 1}. ${section.heading}`, ...section.paragraphs].join("\n"));
  return [document.title, document.place, ...sections].join("\n\n");
}
