import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { JsFlagInput } from "~/components/JsFlagInput";
import { pathFor } from "~/i18n/routes";
import { useRequiredRootData } from "~/render/root-data";
import { CONSENT_ACTION_PATH, returnPathOf } from "~/tracking/consent";

/** Both choices look the same: neither is nudged (equal weight, as consent law asks). Two equal grid columns keep them the same width. */
const CHOICE_BUTTON = "btn-secondary border-slate-400 py-1.5 font-semibold text-slate-900 md:min-w-32 md:py-2";

/**
 * The marketing-cookie choice, shown until the visitor chooses and again from the
 * footer's "cookie settings" link. It sits in the page flow at the top, so it covers
 * nothing, and it is kept short (a first layer naming the pixels, with a link to the
 * policy's cookie section for the rest) so that on a phone it takes at most a quarter of
 * the first screen. Without JS it is a plain form POST that comes back to this page; with JS
 * a fetcher sends it and the banner closes without a reload.
 */
export function CookieBanner() {
  const { t } = useTranslation("consent");
  const { locale, consent, showConsentBanner } = useRequiredRootData();
  const location = useLocation();
  const fetcher = useFetcher();
  // The location the visitor last chose on: the banner stays closed there even if its URL asks for it.
  const [answeredAt, setAnsweredAt] = useState<string | null>(null);

  if (!showConsentBanner || answeredAt === location.key) return null;

  const onChoose = () => {
    // Close at once; the root data follows when the fetcher's answer revalidates it.
    setAnsweredAt(location.key);
    document.getElementById("main")?.focus({ preventScroll: true });
  };

  return (
    <section aria-labelledby="cookie-banner-title" data-testid="cookie-banner" className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 md:flex-row md:items-center md:gap-8 md:py-4">
        <div className="flex-1 text-sm leading-5 text-slate-700">
          <h2 id="cookie-banner-title" className="font-semibold text-slate-900">
            {t("banner.title")}
          </h2>
          <p className="mt-0.5">
            {t("banner.text")}{" "}
            <Link to={`${pathFor("privacy", locale)}#cookies`} className="font-medium text-blue-800 underline hover:text-blue-950">
              {t("banner.policyLink")}
            </Link>
          </p>
          {consent ? (
            <p className="mt-0.5 text-slate-600">{t(consent === "accepted" ? "banner.currentAccepted" : "banner.currentRejected")}</p>
          ) : null}
        </div>
        <fetcher.Form method="post" action={CONSENT_ACTION_PATH} onSubmit={onChoose} className="grid shrink-0 grid-cols-2 gap-3">
          <input type="hidden" name="redirectTo" value={returnPathOf(location.pathname, location.search)} />
          <JsFlagInput />
          <button type="submit" name="choice" value="accept" className={CHOICE_BUTTON}>
            {t("banner.accept")}
          </button>
          <button type="submit" name="choice" value="reject" className={CHOICE_BUTTON}>
            {t("banner.reject")}
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
