import { useTranslation } from "react-i18next";
import { TestimonialsCarousel, type TestimonialSlide } from "~/components/TestimonialsCarousel";
import { copyList, type TitledText } from "~/content/copy";
import type { HomeReview } from "~/reviews/home-review";
import { useLocale } from "~/render/root-data";

/** The section's words: approved reviews once there are at least three, the typical situations until then. */
export function testimonialsGroup(reviews: readonly HomeReview[]): "reviews" | "situations" {
  return reviews.length > 0 ? "reviews" : "situations";
}

/**
 * The home page's testimonials section (docs/decisions/052). With approved reviews: each with its
 * stars, the customer's words as written, their name and city, "Verified order", the month, and
 * the language when it is not the page's; beneath them, how reviews are checked (consumer law asks
 * for it wherever reviews are shown). Without: the typical situations we describe ourselves, with
 * no stars and no names, said to be ours.
 */
export function Testimonials({ reviews }: { reviews: readonly HomeReview[] }) {
  const { t } = useTranslation("home");
  const locale = useLocale();
  const group = `testimonials.${testimonialsGroup(reviews)}`;
  const slides: Omit<TestimonialSlide, "label">[] =
    reviews.length > 0
      ? reviews.map((review) => ({
          key: String(review.id),
          text: review.text,
          rating: { stars: review.stars, label: t("testimonials.reviews.rating", { rating: review.stars }) },
          author: review.author,
          details: [
            t("testimonials.reviews.verified"),
            review.month,
            ...(review.locale === locale ? [] : [t(`testimonials.reviews.writtenIn.${review.locale}`)]),
          ],
        }))
      : copyList<TitledText>(t, "testimonials.situations.items").map((item) => ({ key: item.title, ...item }));
  return (
    <>
      <TestimonialsCarousel
        label={t(`${group}.label`)}
        previous={t(`${group}.previous`)}
        next={t(`${group}.next`)}
        slides={slides.map((slide, index) => ({ ...slide, label: t(`${group}.slideLabel`, { index: index + 1, total: slides.length }) }))}
      />
      <p className="mx-auto mt-4 max-w-3xl text-center text-sm text-slate-600" data-testid="testimonials-verification">
        {t(reviews.length > 0 ? "testimonials.reviews.verification" : "testimonials.situations.note")}
      </p>
    </>
  );
}
