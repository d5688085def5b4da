import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckIcon } from "~/components/icons";
import { copyList } from "~/content/copy";

/** React 18 knows only the lowercase HTML attribute (the camelCase prop arrives with React 19). */
const HIGH_FETCH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;

/**
 * The home page's opening: the page's h1, the promise and two in-page links. They are
 * ordinary anchors without JavaScript; with it, Remix's <Link> pushes a new history entry,
 * so scroll restoration scrolls to the target instead of replaying a saved position.
 */
export function Hero() {
  const { t } = useTranslation("home");
  return (
    <div className="overflow-hidden bg-gradient-to-b from-blue-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pb-14 pt-10 md:grid-cols-[1.15fr_1fr] md:pb-20 md:pt-16">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">{t("hero.eyebrow")}</p>
          <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-4xl lg:text-[2.75rem]">
            {t("heading")}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to="#service-tile" className="btn-primary px-6 py-3 text-base" data-testid="hero-service">
              {t("hero.ctaService")}
            </Link>
            <Link to="#rental-info" className="btn-secondary px-6 py-3 text-base" data-testid="hero-info">
              {t("hero.ctaInfo")}
            </Link>
          </div>
          <ul className="mt-8 grid gap-2 text-sm font-medium text-slate-700 sm:grid-cols-2">
            {copyList<string>(t, "hero.highlights").map((highlight) => (
              <li key={highlight} className="flex items-center gap-2">
                <CheckIcon className="h-4 w-4 shrink-0 text-green-700" />
                {highlight}
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/images/hero-declaration.svg"
          width={560}
          height={440}
          alt={t("hero.imageAlt")}
          className="mx-auto h-auto w-full max-w-xs sm:max-w-md md:max-w-none"
          decoding="async"
          {...HIGH_FETCH_PRIORITY}
        />
      </div>
    </div>
  );
}
