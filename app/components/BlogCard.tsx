import { useTranslation } from "react-i18next";
import { ChevronDownIcon } from "~/components/icons";
import { BLOG_IMAGE_SIZE, type BlogPost } from "~/content/blog";
import { copyList } from "~/content/copy";
import { formatLongDate } from "~/i18n/date-format";
import { LOCALE_TAGS } from "~/i18n/locales";
import { useLocale } from "~/render/root-data";

/** The date in the page language's convention ("12 marca 2024", "12 March 2024"…), fixed to UTC so server and browser agree. */
export function formatPostDate(isoDate: string, locale: keyof typeof LOCALE_TAGS): string {
  return formatLongDate(new Date(`${isoDate}T00:00:00Z`), LOCALE_TAGS[locale], "UTC");
}

/**
 * An article card. "Read more" is a <details> disclosure that reveals the whole (short)
 * article in place, so the button does what it says, with or without JavaScript.
 */
export function BlogCard({ post, eager = false }: { post: BlogPost; eager?: boolean }) {
  const { t } = useTranslation("blog");
  const locale = useLocale();
  const key = `posts.${post.slug}`;
  const titleId = `post-${post.slug}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="blog-card"
    >
      <img
        src={post.image}
        width={BLOG_IMAGE_SIZE.width}
        height={BLOG_IMAGE_SIZE.height}
        alt={t(`${key}.imageAlt`)}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-video h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm text-slate-600">
          {t("published")} <time dateTime={post.publishedOn}>{formatPostDate(post.publishedOn, locale)}</time>
        </p>
        <h2 id={titleId} className="mt-2 text-xl font-bold leading-snug text-slate-900">
          {t(`${key}.title`)}
        </h2>
        <p className="mt-3 leading-relaxed text-slate-700">{t(`${key}.summary`)}</p>
        <details className="group mt-auto pt-5">
          <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden" data-testid="blog-read-more">
            <span className="group-open:hidden">{t("readMore")}</span>
            <span className="hidden group-open:inline">{t("readLess")}</span>
            <ChevronDownIcon className="h-4 w-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="mt-4 space-y-3 leading-relaxed text-slate-700" data-testid="blog-body">
            {copyList<string>(t, `${key}.body`).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </details>
      </div>
    </article>
  );
}
