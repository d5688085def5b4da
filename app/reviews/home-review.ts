import type { Locale } from "~/i18n/locales";

/** One approved review as the home page shows it: the customer's own words, in the language they wrote them in. */
export type HomeReview = {
  id: number;
  stars: number;
  text: string;
  /** "Marta, Gdańsk": the name and city as the customer wanted them shown. */
  author: string;
  /** The month it was written, in the page's language ("listopad 2026"). */
  month: string;
  /** The language it was written in; the page labels it when it is not the page's own. */
  locale: Locale;
};
