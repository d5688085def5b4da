import { RemixBrowser } from "@remix-run/react";
import { createInstance } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { I18N_OPTIONS } from "~/i18n/i18next";
import { addNumberFormat } from "~/i18n/number-format";
import { localeFromPath } from "~/i18n/locales";
import type { RootData } from "~/render/root-data";

/**
 * The page's strings are already in the document: the root loader's data, which Remix keeps for
 * hydration. i18next starts from them synchronously, with no backend and no language detector (the
 * language is the path's, docs/decisions/001), so hydration sees the words the server rendered.
 * Later pages' namespaces are added as they arrive (app/i18n/page-strings.ts).
 */
type HydrationData = { __remixContext?: { state?: { loaderData?: { root?: RootData | null } } } };
const rootData = (window as unknown as HydrationData).__remixContext?.state?.loaderData?.root ?? undefined;
const locale = rootData?.locale ?? localeFromPath(window.location.pathname);
const pageStrings = rootData?.i18n ?? {};

const i18next = createInstance();
void i18next
  .use(initReactI18next)
  .init({ ...I18N_OPTIONS, lng: locale, ns: Object.keys(pageStrings), resources: { [locale]: pageStrings } });
addNumberFormat(i18next);

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  );
});
