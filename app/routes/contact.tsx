import type { ReactNode } from "react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, PlainField } from "~/components/forms";
import { HoneypotField } from "~/components/HoneypotField";
import { CONTACT_FIELDS, CONTACT_FORM_ID, EMPTY_CONTACT, type ContactField } from "~/messages/message-form";
import { MessengerLinks } from "~/messages/MessengerLinks";
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
import { contactAction, contactLoader } from "./contact.server";

/** Every behaviour of this page works as plain HTML: it loads no JavaScript. */
export const handle = { ...NO_HYDRATION, ...SHAREABLE_PAGE };

export const meta = pageMeta;
export const loader = contactLoader;
export const action = contactAction;

const fieldId = (field: ContactField) => `contact-${field}`;

/**
 * "Napisz do nas" for people without an order (docs/decisions/086): name, e-mail and message, a
 * plain form. A refusal comes back with every value and an error summary linking to the fields;
 * over the POST limit the values come back too, with the wait. Once sent, the page says the
 * answer comes by e-mail.
 */
function ContactForm() {
  const { t } = useTranslation("contact");
  const { sent, maxChars, messengers } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const values = refusal?.values ?? EMPTY_CONTACT;
  const error = (field: ContactField) => {
    const key = refusal?.errors[field];
    return key ? t(`messages.errors.${key}`, { max: maxChars }) : undefined;
  };
  const problems = CONTACT_FIELDS.flatMap((field) => {
    const message = error(field);
    return message ? [{ id: fieldId(field), message: `${t(`messages.form.${field}`)}: ${message}` }] : [];
  });
  const tooMany = refusal?.retryAfterSeconds ? t("messages.errors.tooMany", { seconds: refusal.retryAfterSeconds }) : null;
  return (
    <section aria-labelledby="contact-form-heading" className="mx-auto mt-10 max-w-3xl px-4" id={CONTACT_FORM_ID}>
      <h2 id="contact-form-heading" className="text-2xl font-bold text-slate-900">
        {t("messages.heading")}
      </h2>
      <p className="mt-2 text-slate-700">{t("messages.lead")}</p>
      {sent ? (
        <div role="status" className="mt-6 rounded-lg border-2 border-green-700 bg-green-50 p-5" data-testid="contact-sent">
          <h3 className="text-lg font-bold text-slate-900">{t("messages.sent.heading")}</h3>
          <p className="mt-2 text-slate-800">{t("messages.sent.text")}</p>
        </div>
      ) : null}
      <div className="mt-6">
        <ErrorSummary heading={t("messages.errors.heading")} items={problems} intro={tooMany} />
      </div>
      <form method="post" noValidate className="space-y-5" data-testid="contact-form">
        {CONTACT_FIELDS.map((field) => (
          <PlainField
            key={field}
            id={fieldId(field)}
            name={field}
            label={t(`messages.form.${field}`)}
            hint={field === "message" ? t("messages.form.messageHint", { max: maxChars }) : undefined}
            type={field === "email" ? "email" : "text"}
            autoComplete={field === "name" ? "name" : field === "email" ? "email" : undefined}
            multiline={field === "message"}
            defaultValue={values[field]}
            error={error(field)}
          />
        ))}
        <button type="submit" className="btn-primary">
          {t("messages.form.submit")}
        </button>
        <HoneypotField />
      </form>
      <MessengerLinks links={messengers} lead={t("messages.messengers.lead")} warning={t("messages.messengers.warning")} />
    </section>
  );
}

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
      <ContactForm />
      <CallToAction heading={t("cta.heading")} text={t("cta.text")} button={t("cta.button")} to={pathFor("order", locale)} />
    </>
  );
}
