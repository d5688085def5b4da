import { lazy, Suspense, useCallback, useRef, useState, type KeyboardEvent } from "react";
import { ArrowLeftIcon, ArrowRightIcon, StarIcon } from "~/components/page-icons";
import { useHydrated } from "~/components/use-hydrated";
import { useNearViewport } from "~/components/use-near-viewport";
import type { EmblaApi } from "./TestimonialsEmbla";

/** Embla and its React hook arrive in their own chunk, once the row is on screen. */
const TestimonialsEmbla = lazy(() => import("./TestimonialsEmbla"));

/**
 * One card: a customer's review (stars, their words, name and city, and what we know of it), or
 * one of the typical situations we describe ourselves (a title and a text, nothing that would make
 * it look like a review).
 */
export type TestimonialSlide = {
  key: string;
  /** The slide's position, e.g. "Review 2 of 6". */
  label: string;
  text: string;
  title?: string;
  /** The stars and their text alternative, e.g. "Rated 4 out of 5". */
  rating?: { stars: number; label: string };
  author?: string;
  /** Short facts under the author: "Verified order", the month, the language it was written in. */
  details?: string[];
};

/** Every string the carousel shows, already in the page's language. */
export type TestimonialsCarouselProps = {
  label: string;
  previous: string;
  next: string;
  slides: TestimonialSlide[];
};

const MAX_STARS = 5;

/** A review's stars, filled up to its rating, read out as one text ("Rated 4 out of 5"). */
function Stars({ stars, label }: { stars: number; label: string }) {
  return (
    <div role="img" aria-label={label} className="flex gap-1">
      {Array.from({ length: MAX_STARS }, (_, star) => (
        <StarIcon key={star} className={`h-5 w-5 ${star < stars ? "text-amber-500" : "text-slate-300"}`} />
      ))}
    </div>
  );
}

/**
 * The testimonials row. The server renders a horizontally scrolling, scroll-snapping
 * row that shows every card without JavaScript. Once the row is on screen, Embla (through
 * embla-carousel-react, ./TestimonialsEmbla) is fetched and takes the same markup over as a looping carousel (3 per view
 * from md), with arrows at every width and the left/right arrow keys on the focused
 * viewport. Below md a card is 85% wide, so the edge of the next one shows there is more,
 * with or without JavaScript.
 */
export function TestimonialsCarousel({ label, previous: previousLabel, next: nextLabel, slides }: TestimonialsCarouselProps) {
  const hydrated = useHydrated();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaApi | null>(null);

  // Once the row itself is on screen, not half a screen ahead: the testimonials begin just below a
  // pricing card scrolled into view, and a visitor who goes from there to the order form should not
  // download Embla (decision 027). The native row works meanwhile; only the arrows wait for it.
  const near = useNearViewport(viewportRef, "0px");

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!embla) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  }

  return (
    <div
      className="relative"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="testimonials-carousel"
      data-enhanced={embla ? "true" : "false"}
    >
      <div
        ref={viewportRef}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className={`rounded-2xl py-2 focus-visible:outline-offset-4 ${embla ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto pb-4"}`}
        data-testid="testimonials-viewport"
      >
        <div className={`-ml-4 flex ${embla ? "touch-pan-y" : ""}`}>
          {slides.map((slide) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={slide.label}
              className="min-w-0 shrink-0 grow-0 basis-[85%] snap-start pl-4 md:basis-1/3"
              data-testid="testimonial"
            >
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                {slide.rating ? <Stars {...slide.rating} /> : null}
                {slide.title ? <p className="font-semibold text-slate-900">{slide.title}</p> : null}
                {/* Only a customer's own words are a quotation. */}
                {slide.author ? (
                  <blockquote className="mt-4 flex-1 leading-relaxed whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">
                    <p>{slide.text}</p>
                  </blockquote>
                ) : (
                  <p className="mt-2 flex-1 leading-relaxed text-slate-700">{slide.text}</p>
                )}
                {slide.author ? (
                  <figcaption className="mt-4 font-semibold text-slate-900 [overflow-wrap:anywhere]">{slide.author}</figcaption>
                ) : null}
                {slide.details?.length ? (
                  <ul className="mt-1 text-sm text-slate-600">
                    {slide.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </ul>
                ) : null}
              </figure>
            </div>
          ))}
        </div>
      </div>
      {hydrated && near ? (
        <Suspense fallback={null}>
          <TestimonialsEmbla viewport={viewportRef} onReady={setEmbla} />
        </Suspense>
      ) : null}
      {hydrated && slides.length > 1 ? (
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            onClick={previous}
            disabled={!embla}
            className="btn-secondary h-11 w-11 rounded-full p-0"
            aria-label={previousLabel}
            data-testid="testimonials-previous"
          >
            <ArrowLeftIcon />
          </button>
          <button
            type="button"
            onClick={next}
            disabled={!embla}
            className="btn-secondary h-11 w-11 rounded-full p-0"
            aria-label={nextLabel}
            data-testid="testimonials-next"
          >
            <ArrowRightIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}
