import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Links, LiveReload, Meta, Outlet, type ShouldRevalidateFunction, Scripts, ScrollRestoration, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Footer } from "~/components/Footer";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { Navbar } from "~/components/Navbar";
import { CookieBanner } from "~/components/CookieBanner";
import { SocialWidget } from "~/components/SocialWidget";
import { TrackingScripts } from "~/components/TrackingScripts";
import { Toaster } from "~/components/Toaster";
import { isOfflineResult } from "~/forms/offline";
import { rememberErrorStrings } from "~/i18n/error-strings";
import { errorMeta } from "~/i18n/seo";
import { localeFromPath } from "~/i18n/locales";
import { addPageStrings } from "~/i18n/page-strings";
import { useDocumentLoadsScripts } from "~/render/hydration";
import { useRootData } from "~/render/root-data";
import { rootLoader } from "~/root-loader.server";
import { useNonce } from "~/security/nonce";
import stylesheet from "~/tailwind.css";
import { NoScriptRefresh } from "~/components/NoScriptRefresh";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Only for errors caught here; every page route has its own meta. */
export const meta: MetaFunction = (args) => (args.error ? errorMeta(args) : []);

// The root loader lives in a server module of its own, so the browser's build carries no
// stubs of the server modules it reads (one import of a .server module, not four).
export const loader = rootLoader;

/**
 * Each page brings its own strings, so the root data must follow every change of page.
 * A form a page posts to itself changes that page's data, never the frame's (the language, the strings,
 * the company; the consent has a route of its own): asking again would only hold back the answer's history
 * entry, and a Back pressed meanwhile left the page (the order form's preview, while the root's data
 * was being fetched again).
 * After a submission that never reached the server, the network is down: asking again
 * would only fail and replace the page (with everything typed) by the error screen.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  formAction,
  actionResult,
  defaultShouldRevalidate,
}) => {
  if (isOfflineResult(actionResult)) return false;
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  const postedToItself = formMethod !== undefined && formMethod.toUpperCase() !== "GET" && formAction !== undefined;
  if (postedToItself && new URL(formAction, currentUrl).pathname === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const { pathname } = useLocation();
  const locale = data?.locale ?? localeFromPath(pathname);
  const { i18n } = useTranslation();
  // An error before the root loader ran has no page strings (GeneralErrorBoundary then uses those remembered).
  if (data) {
    addPageStrings(i18n, locale, data.i18n);
    rememberErrorStrings(locale, data.errorStrings);
  }
  const nonce = useNonce();
  const loadsScripts = useDocumentLoadsScripts();

  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        <Meta />
        <Links />
        <NoScriptRefresh />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-800 antialiased">
        {/* The back office brings its own frame (AdminShell) instead of the public site's. */}
        {data && !data.backOffice ? <Chrome>{children}</Chrome> : children}
        {loadsScripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {/* npm run dev only (renders nothing in production): reloads the page after an edit. */}
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

function Chrome({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <CookieBanner />
        {children}
      </main>
      <Footer />
      <SocialWidget />
      <TrackingScripts />
      {/* Toasts: top centre, 3 visible, 4 s, 356 px wide, 14 px apart, as on the site we replace. */}
      <Toaster label={t("notifications")} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
