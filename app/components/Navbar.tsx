import { Link, NavLink } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon, LogoMark, MenuIcon } from "~/components/icons";
import { LanguageSwitcher } from "~/components/LanguageSwitcher";
import { useDisclosure } from "~/components/use-disclosure";
import { homePath, pathFor, type PageId } from "~/i18n/routes";
import { useLocale } from "~/render/root-data";

/** How far the page scrolls before the bar's shadow grows stronger. */
const SCROLL_SHADOW_THRESHOLD_PX = 20;

const NAV_PAGES = [
  ["tenant", "nav.tenant"],
  ["landlord", "nav.landlord"],
  ["blog", "nav.blog"],
  ["contact", "nav.contact"],
] as const satisfies ReadonlyArray<readonly [PageId, string]>;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `whitespace-nowrap rounded-md px-1.5 py-2 text-[13px] font-medium xl:px-3 xl:text-sm transition-colors hover:bg-slate-100 hover:text-blue-900 ${isActive ? "text-blue-900 underline decoration-2 underline-offset-8" : "text-slate-700"}`;
}

export function Navbar() {
  const { t } = useTranslation();
  const locale = useLocale();
  const scrolled = useScrolledPast(SCROLL_SHADOW_THRESHOLD_PX);
  const mobileMenu = useDisclosure<HTMLDetailsElement>();
  const orderPath = pathFor("order", locale);

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white transition-shadow ${scrolled ? "shadow-lg" : "shadow-sm"}`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 lg:gap-4">
        <Link to={homePath(locale)} className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight text-blue-900">
          <LogoMark className="hidden h-8 w-8 sm:block" />
          {/* Between md and lg the links need the room; the name stays as the link's accessible text. */}
          <span className="whitespace-nowrap md:max-lg:sr-only">{t("productName")}</span>
        </Link>

        <nav aria-label={t("nav.label")} className="hidden items-center md:flex xl:gap-1" data-testid="desktop-nav">
          {NAV_PAGES.map(([pageId, labelKey]) => (
            <NavLink key={pageId} to={pathFor(pageId, locale)} className={navLinkClass}>
              {t(labelKey)}
            </NavLink>
          ))}
          <Link to={orderPath} className="btn-primary ml-1 whitespace-nowrap px-3 text-[13px] xl:ml-2 xl:px-4 xl:text-sm">
            {t("nav.order")}
          </Link>
        </nav>

        <div className="flex items-center gap-1">
          <LanguageSwitcher />
          <details ref={mobileMenu.ref} className="group md:hidden" data-testid="mobile-menu">
            <summary
              className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label={t("nav.menu")}
            >
              <MenuIcon className="h-6 w-6 group-open:hidden" />
              <CloseIcon className="hidden h-6 w-6 group-open:block" />
            </summary>
            <div className="fixed inset-0 top-16 bg-slate-900/40" data-disclosure-backdrop aria-hidden="true" />
            <div className="mobile-panel fixed bottom-0 right-0 top-16 w-[min(20rem,85vw)] overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-2xl">
              <nav aria-label={t("nav.label")}>
                <ul className="flex flex-col gap-1">
                  {NAV_PAGES.map(([pageId, labelKey]) => (
                    <li key={pageId}>
                      <NavLink
                        to={pathFor(pageId, locale)}
                        className={({ isActive }) =>
                          `block rounded-md px-3 py-3 text-base font-medium hover:bg-slate-100 ${isActive ? "bg-blue-50 text-blue-900" : "text-slate-800"}`
                        }
                      >
                        {t(labelKey)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
                <Link to={orderPath} className="btn-primary mt-4 w-full">
                  {t("nav.order")}
                </Link>
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
