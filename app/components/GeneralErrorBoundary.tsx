import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { errorStringsFor } from "~/i18n/error-strings";
import { localeFromPath } from "~/i18n/locales";
import { homePath } from "~/i18n/routes";
import { useRootData } from "~/render/root-data";

/**
 * The "Unexpected Application Error!" screen, in the page's language, with the
 * status code. Messages and stack traces are never shown outside development. Route
 * modules render it for every error they do not handle themselves.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const root = useRootData();
  // The root loader may not have run (a failed action, say): the path still tells the language.
  const locale = root?.locale ?? localeFromPath(pathname);
  const strings = errorStringsFor(locale, root);
  const detail = isRouteErrorResponse(error)
    ? String(error.status)
    : process.env.NODE_ENV === "development" && error instanceof Error
      ? error.message
      : "500";

  if (!strings) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="font-mono text-3xl font-bold text-slate-900">{detail}</h1>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center" aria-labelledby="error-heading">
      <h1 id="error-heading" className="text-3xl font-bold text-slate-900">
        {strings.heading}
      </h1>
      <p className="mt-4 text-lg">{strings.text}</p>
      <p className="mt-2 font-mono text-sm text-slate-600">{strings.status.replace("{status}", detail)}</p>
      <p className="mt-8">
        <a className="btn-primary" href={homePath(locale)}>
          {strings.home}
        </a>
      </p>
    </section>
  );
}
