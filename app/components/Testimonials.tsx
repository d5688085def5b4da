import { useTranslation } from "react-i18next";
import { RATING } from "~/components/TestimonialsCarousel";
import { copyList } from "~/content/copy";
import { Island } from "~/islands/Island";

type Testimonial = { name: string; text: string };

/** The home page's testimonials: the carousel (an island) with its strings in the page's language. */
export function Testimonials() {
  const { t } = useTranslation("home");
  const items = copyList<Testimonial>(t, "testimonials.items");
  const slides = items.map((item, index) => ({ ...item, label: t("testimonials.slideLabel", { index: index + 1, total: items.length }) }));
  return (
    <Island
      name="testimonials"
      props={{ label: t("testimonials.label"), rating: t("testimonials.rating", { rating: RATING }), previous: t("testimonials.previous"), next: t("testimonials.next"), slides }}
    />
  );
}
