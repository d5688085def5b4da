import { Link } from "@remix-run/react";

/** A closing band that sends the reader to the order page. */
export function CallToAction({ heading, text, button, to }: { heading: string; text?: string; button: string; to: string }) {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pt-14 md:pt-20">
      <div className="flex flex-col items-start gap-6 rounded-3xl bg-blue-900 px-6 py-10 text-white md:flex-row md:items-center md:justify-between md:px-12">
        <div>
          <h2 id="cta-heading" className="text-2xl font-bold md:text-3xl">
            {heading}
          </h2>
          {text ? <p className="mt-2 max-w-2xl text-blue-100">{text}</p> : null}
        </div>
        <Link to={to} className="btn-primary shrink-0 px-6 py-3 text-base">
          {button}
        </Link>
      </div>
    </section>
  );
}
