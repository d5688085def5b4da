import type { ReactNode } from "react";

export const PANEL_HEADING = "text-xl font-bold text-slate-900";

/**
 * One part of the customer's order page (/platnosc/:token): a titled section in the page's grid.
 * Other modules (the courier's tracking, the invoice, the review form) add their part as one such
 * panel, used in one line of app/routes/payment.tsx; `wide` spans both columns on a wide screen.
 */
export function CustomerPagePanel({
  id,
  heading,
  wide = false,
  children,
}: {
  /** The section's test id and the prefix of its heading's id. */
  id: string;
  heading: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id} className={wide ? "lg:col-span-2" : undefined}>
      <h2 id={`${id}-heading`} className={PANEL_HEADING}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
