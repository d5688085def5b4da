import type { UseEmblaCarouselType } from "embla-carousel-react";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, type RefObject } from "react";

export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;

const OPTIONS = { loop: true, align: "start" } as const;

/**
 * Embla, through its React hook (embla-carousel-react, the design card's choice), taking over the
 * testimonials row the server rendered. Its own chunk: TestimonialsCarousel renders it only once the
 * row is on screen (decision 027), so a visitor who never gets there never downloads it. It draws
 * nothing; the carousel's markup stays TestimonialsCarousel's, with or without it.
 */
export default function TestimonialsEmbla({
  viewport,
  onReady,
}: {
  viewport: RefObject<HTMLElement>;
  onReady: (api: EmblaApi | null) => void;
}) {
  const [attach, api] = useEmblaCarousel(OPTIONS);
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    // Native scrolling may have moved the row before Embla took over; start from the first slide.
    element.scrollLeft = 0;
    attach(element);
    return () => attach(null);
  }, [attach, viewport]);
  useEffect(() => {
    onReady(api ?? null);
    return () => onReady(null);
  }, [api, onReady]);
  return null;
}
