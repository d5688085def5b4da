import type { ReactNode } from "react";

/** The withdrawal function and the model form only while the right can still be used. */
export type OrderDocuments = { agreement: string; terms: string; withdrawalForm?: string; withdrawal?: string };

const LINK = "font-semibold text-blue-900 underline";

/**
 * The order's documents, each a plain link: the agreement as accepted (PDF), the terms, the model
 * withdrawal form, and the withdrawal function itself (art. 11a), filled in with this order's details.
 * `children` are further list items (an invoice, once there is one).
 */
export function DocumentLinks({
  documents,
  labels,
  children,
}: {
  documents: OrderDocuments;
  labels: { agreement: string; terms: string; withdrawalForm: string; withdrawal: string };
  children?: ReactNode;
}) {
  return (
    <ul className="mt-3 space-y-2">
      <li>
        <a href={documents.agreement} className={LINK} data-testid="agreement-pdf" download>
          {labels.agreement}
        </a>
      </li>
      <li>
        <a href={documents.terms} className={LINK} data-testid="terms-link">
          {labels.terms}
        </a>
      </li>
      {documents.withdrawalForm ? (
        <li>
          <a href={documents.withdrawalForm} className={LINK} data-testid="withdrawal-form-link">
            {labels.withdrawalForm}
          </a>
        </li>
      ) : null}
      {children}
      {documents.withdrawal ? (
        <li>
          <a href={documents.withdrawal} className={LINK} data-testid="withdrawal-link">
            {labels.withdrawal}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
