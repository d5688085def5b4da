import { useTranslation } from "react-i18next";
import { RATING, TestimonialsCarousel } from "~/components/TestimonialsCarousel";
import { copyList } from "~/content/copy";

type Testimonial = { name: string; text: string };

/**
 * The home page's testimonials: the carousel with its strings in the page's language, and beside
 * the ratings whether the reviews are verified (consumer law requires it wherever ratings are shown).
 */
export function Testimonials() {
  const { t } = useTranslation("home");
  const items = copyList<Testimonial>(t, "testimonials.items");
  const slides = items.map((item, index) => ({ ...item, label: t("testimonials.slideLabel", { index: index + 1, total: items.length }) }));
  return (
    <>
      <TestimonialsCarousel
        label={t("testimonials.label")}
        rating={t("testimonials.rating", { rating: RATING })}
        previous={t("testimonials.previous")}
        next={t("testimonials.next")}
        slides={slides}
      />
      <p className="mt-4 text-center text-sm text-slate-600" data-testid="testimonials-verification">
        {t("testimonials.verification")}
      </p>
    </>
  );
}
