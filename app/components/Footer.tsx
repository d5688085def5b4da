import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmailAddress } from "~/components/EmailAddress";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { SocialLinks } from "~/components/SocialLinks";
import { telHref } from "~/config/company";
import { homePath, pathFor, type PageId } from "~/i18n/routes";
import { useRequiredRootData } from "~/render/root-data";
import { settingsPathOf } from "~/tracking/consent";

/** The footer's links, resolved for the current language. */
const FOOTER_PAGES = [
  ["tenant", "footer.tenant"],
  ["blog", "footer.blog"],
  ["order", "footer.order"],
  ["terms", "footer.terms"],
  ["privacy", "footer.privacy"],
  // The withdrawal function the law asks every page to offer (art. 11a of Directive 2011/83/EU).
  ["withdrawal", "footer.withdrawal"],
] as const satisfies ReadonlyArray<readonly [PageId, string]>;

export function Footer() {
  const { t } = useTranslation();
  const { locale, company, shareCapital } = useRequiredRootData();
  const year = new Date().getFullYear();
  const { pathname, search } = useLocation();

  return (
    <footer className="mt-16 bg-slate-900 pb-20 text-slate-300 md:pb-8">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Link to={homePath(locale)} className="text-lg font-bold text-white">
            {t("productName")}
          </Link>
          <p className="mt-3 max-w-md text-sm leading-relaxed">{t("footer.tagline")}</p>
        </div>

        <nav aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className="text-sm font-semibold uppercase tracking-wide text-white">
            {t("footer.linksHeading")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_PAGES.map(([pageId, labelKey]) => (
              <li key={pageId}>
                <Link to={pathFor(pageId, locale)} className="hover:text-white hover:underline">
                  {t(labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t("footer.contactHeading")}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <PhoneIcon className="h-4 w-4 shrink-0" />
              <a href={telHref(company.phone)} className="hover:text-white hover:underline">
                {company.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MailIcon className="h-4 w-4 shrink-0" />
              <a href={`mailto:${company.email}`} className="min-w-0 hover:text-white hover:underline">
                <EmailAddress address={company.email} />
              </a>
            </li>
            <li className="flex items-center gap-2">
              <PinIcon className="h-4 w-4 shrink-0" />
              {company.city}
            </li>
            <li className="flex items-center gap-2">
              <ClockIcon className="h-4 w-4 shrink-0" />
              {t("footer.hours")}
            </li>
          </ul>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-white">{t("footer.socialHeading")}</h2>
          <SocialLinks
            className="mt-3 flex gap-3"
            linkClassName="flex h-9 w-9 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-slate-700 hover:text-white"
            iconClassName="h-4 w-4"
          />
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-slate-400">
          <div>
            <p>
              © {year} {company.legalName} · {t("footer.rights")}
            </p>
            {/* A sp. z o.o. must publish its register number and share capital (art. 206 KSH). */}
            <p className="mt-1" data-testid="footer-registry">
              {t("footer.registry", { krs: company.krs, taxId: company.taxId, shareCapital })}
            </p>
          </div>
          {/* Reopens the cookie banner on this same page; a plain link, so it works without JS. */}
          <Link to={settingsPathOf(pathname, search)} className="underline hover:text-white" data-testid="cookie-settings-link">
            {t("consent:settingsLink")}
          </Link>
        </div>
      </div>
    </footer>
  );
}
