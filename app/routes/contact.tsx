import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CallToAction } from "~/components/CallToAction";
import { EmailAddress } from "~/components/EmailAddress";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { BuildingIcon } from "~/components/page-icons";
import { PageHeader } from "~/components/PageHeader";
import { telHref } from "~/config/company";
import { pathFor } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { useRequiredRootData } from "~/render/root-data";
import { NO_HYDRATION } from "~/render/hydration";
import { SHAREABLE_PAGE } from "~/render/shareable";

/** Every behaviour of this page works as plain HTML: it loads no JavaScript. */
export const handle = { ...NO_HYDRATION, ...SHAREABLE_PAGE };

export const meta = pageMeta;

function ContactCard({ icon, heading, children }: { icon: ReactNode; heading: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <span className="flex h-10 w-10 shrink-0 items-center sm:h-12 sm:w-12 justify-center rounded-xl bg-blue-50 text-blue-900">
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/** Every fact here comes from the company configuration (app/config). */
export default function ContactPage() {
  const { t } = useTranslation("contact");
  const { company, locale, shareCapital } = useRequiredRootData();
  const { opens, closes } = company.openingHours;

  return (
    <>
      <PageHeader title={t("heading")} lead={t("lead")} />
      <div className="mx-auto max-w-6xl px-4">
        <ul className="grid gap-6 md:grid-cols-2">
          <ContactCard icon={<PhoneIcon className="h-6 w-6" />} heading={t("phone.heading")}>
            <a
              href={telHref(company.phone)}
              className="text-lg font-semibold text-blue-900 underline-offset-4 hover:underline"
              data-testid="contact-phone"
            >
              {company.phone}
            </a>
            <p className="mt-1 text-sm text-slate-600">{t("phone.note")}</p>
          </ContactCard>
          <ContactCard icon={<MailIcon className="h-6 w-6" />} heading={t("email.heading")}>
            <a
              href={`mailto:${company.email}`}
              className="text-lg font-semibold text-blue-900 underline-offset-4 hover:underline"
              data-testid="contact-email"
            >
              <EmailAddress address={company.email} />
            </a>
            <p className="mt-1 text-sm text-slate-600">{t("email.note")}</p>
          </ContactCard>
          <ContactCard icon={<BuildingIcon />} heading={t("company.heading")}>
            <p className="font-semibold text-slate-900" data-testid="contact-legal-name">
              {company.legalName}
            </p>
            <p data-testid="contact-tax-id">{t("company.taxId", { taxId: company.taxId })}</p>
            <p data-testid="contact-krs">{t("company.krs", { krs: company.krs })}</p>
            <p data-testid="contact-share-capital">{t("company.shareCapital", { shareCapital })}</p>
            <p className="text-sm text-slate-600">{t("company.registryCourt", { registryCourt: company.registryCourt })}</p>
          </ContactCard>
          <ContactCard icon={<PinIcon className="h-6 w-6" />} heading={t("address.heading")}>
            <address className="not-italic" data-testid="contact-address">
              {company.street}
              <br />
              {company.postalCode} {company.city}
            </address>
          </ContactCard>
          <ContactCard icon={<ClockIcon className="h-6 w-6" />} heading={t("hours.heading")}>
            <dl className="grid grid-cols-[minmax(0,auto)_auto] justify-start gap-x-4 gap-y-1" data-testid="contact-hours">
              <dt>{t("hours.weekdays")}</dt>
              <dd className="whitespace-nowrap font-semibold text-slate-900">{t("hours.open", { opens, closes })}</dd>
              <dt>{t("hours.weekend")}</dt>
              <dd className="font-semibold text-slate-900">{t("hours.closed")}</dd>
            </dl>
          </ContactCard>
        </ul>
      </div>
      <CallToAction heading={t("cta.heading")} text={t("cta.text")} button={t("cta.button")} to={pathFor("order", locale)} />
    </>
  );
}
