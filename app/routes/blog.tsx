import { useTranslation } from "react-i18next";
import { BlogCard } from "~/components/BlogCard";
import { PageHeader } from "~/components/PageHeader";
import { BLOG_POSTS } from "~/content/blog";
import { pageMeta } from "~/i18n/seo";
import { NO_HYDRATION } from "~/render/hydration";
import { SHAREABLE_PAGE } from "~/render/shareable";

/** Every behaviour of this page works as plain HTML: it loads no JavaScript. */
export const handle = { ...NO_HYDRATION, ...SHAREABLE_PAGE };

export const meta = pageMeta;

export default function BlogPage() {
  const { t } = useTranslation("blog");
  return (
    <>
      <PageHeader title={t("heading")} lead={t("lead")} />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-2 lg:grid-cols-3">
        {BLOG_POSTS.map((post, index) => (
          <BlogCard key={post.slug} post={post} eager={index === 0} />
        ))}
      </div>
    </>
  );
}
