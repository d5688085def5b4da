import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { BANK_STATEMENTS_PATH } from "~/server/file-form-paths";
import {
  ADMIN_HOME,
  CUSTOMER_SEARCH_PATH,
  INVOICES_PATH,
  LOGOUT_PATH,
  MESSAGES_PATH,
  ORDER_LIST_PATH,
  REVIEWS_PATH,
  STATISTICS_PATH,
} from "./paths";

export const ADMIN_BUTTON =
  "inline-flex items-center justify-center rounded-md bg-blue-800 px-4 py-2 font-semibold text-white hover:bg-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2";
export const ADMIN_SECONDARY_BUTTON =
  "inline-flex items-center justify-center rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700";

/** The back office's sections, in the header of every page once the operator is signed in. */
const ADMIN_MENU: readonly { href: string; label: string }[] = [
  { href: ADMIN_HOME, label: "Dziś" },
  { href: ORDER_LIST_PATH, label: "Zamówienia" },
  { href: MESSAGES_PATH, label: "Wiadomości" },
  { href: BANK_STATEMENTS_PATH, label: "Wyciąg z banku" },
  { href: INVOICES_PATH, label: "Faktury" },
  { href: REVIEWS_PATH, label: "Opinie" },
  { href: CUSTOMER_SEARCH_PATH, label: "Dane klientów" },
  { href: STATISTICS_PATH, label: "Statystyki" },
];

/**
 * The back office's frame: its own header instead of the public site's navigation, footer,
 * cookie banner and pixels (root.tsx leaves those out under /admin).
 */
export function AdminShell({ operator, title, children }: { operator: string | null; title: string; children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Przejdź do treści
      </a>
      <header className="border-b border-slate-200 bg-slate-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 sm:py-3">
          <a href={ADMIN_HOME} className="text-lg font-bold text-white no-underline">
            Panel obsługi zamówień
          </a>
          {operator ? (
            <form method="post" action={LOGOUT_PATH} className="flex items-center gap-3">
              {/* One line on a phone, cut short if need be: the page's own content starts on the first screen. */}
              <span className="max-w-[14rem] truncate text-sm text-slate-200 sm:max-w-none" title={operator} data-testid="admin-operator">
                {operator}
              </span>
              <button
                type="submit"
                className="rounded-md border border-white/60 px-3 py-1 text-sm font-semibold text-white hover:bg-white/10"
              >
                Wyloguj
              </button>
            </form>
          ) : null}
        </div>
        {operator ? <AdminMenu /> : null}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </main>
    </>
  );
}

function AdminMenu() {
  const { pathname, search } = useLocation();
  // /admin is "Dziś"; with a query it is the order list (docs/decisions/081).
  const here = pathname === ADMIN_HOME && search ? ORDER_LIST_PATH : pathname;
  return (
    <nav aria-label="Sekcje panelu" className="mx-auto max-w-7xl overflow-x-auto px-4 pb-2">
      {/* One line that scrolls sideways on a phone, so the page's own content stays on the first screen. */}
      <ul className="flex gap-x-5 whitespace-nowrap text-sm sm:flex-wrap sm:gap-y-1">
        {ADMIN_MENU.map(({ href, label }) => (
          <li key={href}>
            <a
              href={href}
              aria-current={here === href ? "page" : undefined}
              className="font-semibold text-slate-100 underline-offset-4 hover:underline aria-[current=page]:underline"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Notice({ tone, children, testId }: { tone: "success" | "error"; children: ReactNode; testId?: string }) {
  const classes = tone === "success" ? "border-green-700 bg-green-50 text-green-900" : "border-red-700 bg-red-50 text-red-900";
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`mt-4 rounded-md border-l-4 px-4 py-3 font-semibold ${classes}`}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/** A back-office page that failed: what happened, in Polish, and the way back to the list. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404 ? "Nie ma takiej strony ani zamówienia" : status === 403 ? "Odmowa: formularz wysłano spoza panelu" : "Wystąpił błąd";
  // A form refused before it was read (too large, or of a shape no page sends) says why, in its Polish first line.
  const reason =
    isRouteErrorResponse(error) && (status === 400 || status === 413) && typeof error.data === "string" ? error.data.split("\n")[0] : null;
  return (
    <AdminShell operator={null} title={title}>
      {reason ? <p className="mt-4">{reason}</p> : null}
      <p className="mt-4">
        <a href={ORDER_LIST_PATH} className="font-semibold text-blue-900 underline">
          Wróć do listy zamówień
        </a>
      </p>
    </AdminShell>
  );
}
