import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { homePath, pathFor } from "~/i18n/routes";
import { rootDataOf } from "~/i18n/seo";
import { NO_HYDRATION } from "~/render/hydration";
import { useLocale } from "~/render/root-data";

/** Two links and the chrome: plain HTML, no JavaScript. */
export const handle = NO_HYDRATION;

/**
 * Every path the route table does not know: a 404 page in the language of its prefix (/en, /uk,
 * /ru, or Polish without one), with links back to that language's home and order form. A silent
 * redirect home would leave the visitor wondering where the page went, and tell a crawler an old
 * link still works.
 */
export function loader(_args: LoaderFunctionArgs) {
  return json({ notFound: true }, { status: 404 });
}

// Other methods to an unknown path get the same 404 page instead of a "no action" error.
export const action = loader;

export const meta: MetaFunction = ({ matches }) => {
  const head = rootDataOf(matches)?.head;
  return [
    { title: head?.title ?? "404" },
    { name: "description", content: head?.description ?? "" },
    { name: "robots", content: "noindex" },
  ];
};

export default function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" aria-labelledby="not-found-heading">
      <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">{t("notFound.status")}</p>
      <h1 id="not-found-heading" className="mt-2 text-3xl font-bold text-slate-900 md:text-4xl">
        {t("notFound.heading")}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">{t("notFound.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={homePath(locale)} className="btn-primary">
          {t("notFound.home")}
        </Link>
        <Link to={pathFor("order", locale)} className="btn-secondary">
          {t("notFound.order")}
        </Link>
      </div>
    </section>
  );
}
