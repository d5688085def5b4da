import type { MetaArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { homePath } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { useLocale } from "~/render/root-data";

/**
 * The pages a customer reaches by their order's signed link (the customer page, the review form): never
 * indexed, and a link that names no order gets the 404's own title, which the loader sends in the
 * page's language. `title`, when the page's data gives one, replaces the namespace's.
 */
export function orderLinkMeta(args: MetaArgs, title?: string) {
  if (isRouteErrorResponse(args.error) && args.error.status === 404) {
    const notFound = args.error.data as { title?: string } | null;
    return [{ title: notFound?.title ?? "404" }, { name: "robots", content: "noindex, nofollow" }];
  }
  return pageMeta(args, { noindex: true, title });
}

/** A link that names no order: what the link was for (in `namespace`'s words) and the way home; anything else is the general error. */
export function OrderLinkErrorBoundary({ namespace }: { namespace: "payment" | "review" }) {
  const error = useRouteError();
  const { t } = useTranslation(namespace);
  const locale = useLocale();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />;
  const headingId = `${namespace}-not-found`;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" aria-labelledby={headingId}>
      <h1 id={headingId} className="text-3xl font-bold text-slate-900">
        {t("notFound.heading")}
      </h1>
      <p className="mt-4 text-lg text-slate-600">{t("notFound.text")}</p>
      <p className="mt-8">
        <Link to={homePath(locale)} className="btn-primary">
          {t("notFound.home")}
        </Link>
      </p>
    </section>
  );
}
