import { Faq } from "~/components/Faq";
import { TestimonialsCarousel } from "~/components/TestimonialsCarousel";

/**
 * The components that can be islands, by the name written into the server's HTML. Both the
 * server (Island) and the browser (browser-entry) look them up here, so the markup the
 * server renders and the component that hydrates it are always the same one. An island
 * gets everything it shows through its props: the islands bundle has no i18n runtime.
 */
export const ISLAND_COMPONENTS = {
  faq: Faq,
  testimonials: TestimonialsCarousel,
};

export type IslandName = keyof typeof ISLAND_COMPONENTS;

/** The island's container carries its name; its props follow it in a JSON <script>. */
export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
