import { BUSINESS_TIME_ZONE } from "~/config/delivery";
import type { AppDatabase } from "~/db/db.server";
import { isPassingDatabaseFailure } from "~/db/passing-failure.server";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { log } from "~/log/log.server";
import type { HomeReview } from "./home-review";
import { publishedReviews } from "./reviews.server";

/**
 * The home page's reviews (docs/decisions/052): every approved one, in every language version,
 * or none while fewer than three are approved. A database that cannot answer for a moment leaves
 * the section to its typical situations rather than failing the home page.
 */
export async function homeReviews(db: AppDatabase, pageLocale: Locale): Promise<HomeReview[]> {
  let reviews: Awaited<ReturnType<typeof publishedReviews>>;
  try {
    reviews = await publishedReviews(db);
  } catch (error) {
    if (!isPassingDatabaseFailure(error)) throw error;
    log.warn("the home page's reviews could not be read; it shows the typical situations");
    return [];
  }
  const month = new Intl.DateTimeFormat(LOCALE_TAGS[pageLocale], { timeZone: BUSINESS_TIME_ZONE, month: "long", year: "numeric" });
  return reviews.map((review) => ({
    id: review.id,
    stars: review.stars,
    text: review.text,
    author: `${review.display_name}, ${review.city}`,
    month: month.format(new Date(review.created_at)),
    locale: review.locale,
  }));
}
