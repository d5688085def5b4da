import type { OrderRow } from "~/db/schema";

const TEXT_BOX =
  "mt-3 max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-4 font-sans text-sm text-slate-900";

/**
 * The accepted agreement as stored, never edited afterwards. The Polish text binds: it comes
 * first, and a translation the customer read follows, folded.
 */
export function OrderAgreement({ order }: { order: Pick<OrderRow, "contract_text" | "contract_text_binding" | "contract_version"> }) {
  const binding = order.contract_text_binding ?? order.contract_text;
  const translation = order.contract_text_binding ? order.contract_text : null;
  return (
    <section aria-labelledby="agreement-heading" className="mt-8">
      <h2 id="agreement-heading" className="text-xl font-bold text-slate-900">
        Zaakceptowana umowa, tekst wiążący po polsku (wersja {order.contract_version})
      </h2>
      {/* Scrollable, so reachable by keyboard (tabIndex) and named for a screen reader. */}
      <pre tabIndex={0} role="region" aria-label="Tekst wiążący umowy (polski)" className={TEXT_BOX} data-testid="admin-contract">
        {binding}
      </pre>
      {translation ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-blue-900">Tłumaczenie, które widział klient</summary>
          <pre tabIndex={0} role="region" aria-label="Tłumaczenie umowy" className={TEXT_BOX} data-testid="admin-contract-translation">
            {translation}
          </pre>
        </details>
      ) : null}
    </section>
  );
}
