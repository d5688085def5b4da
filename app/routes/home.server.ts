import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { localeOf } from "~/i18n/i18n.server";
import { homeReviews } from "~/reviews/home-reviews.server";

/**
 * The home page's data: its approved reviews, and whether InPost parcel lockers are offered (the
 * copy then names both ways of delivery). The page is shared by every visitor (the page cache
 * keeps it), so this reads nothing of the request but its path; the lockers are the site's setting.
 */
export async function homeLoader({ request, context }: LoaderFunctionArgs) {
  return json({
    reviews: await homeReviews(getDb(), await localeOf(request)),
    lockersOffered: context.services.lockers !== null,
  });
}
