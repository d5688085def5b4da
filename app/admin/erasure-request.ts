import type { OrderRow } from "~/db/schema";
import { foldForSearch } from "~/order/search-text";

/**
 * Why a customer's data was erased, as the audit trail keeps it (docs/decisions/060): a category
 * of legal ground and the reference of the request in the company's own records, never free
 * text, which would invite the very name, address or story that the erasure removes.
 */
export const ERASURE_CATEGORIES = ["erasure_request", "objection", "authority_order"] as const;
export type ErasureCategory = (typeof ERASURE_CATEGORIES)[number];

export const ERASURE_CATEGORY_LABEL: Record<ErasureCategory, string> = {
  erasure_request: "Żądanie usunięcia danych (art. 17 RODO)",
  objection: "Sprzeciw wobec przetwarzania (art. 21 RODO)",
  authority_order: "Nakaz organu nadzorczego albo sądu",
};

export type ErasureRequest = { category: ErasureCategory; reference: string };

/**
 * A reference as a case number reads ("RODO/2026/014", "ZGL-118"): letters without diacritics,
 * digits and . / _ # -, no spaces (so no "first-name surname") and no @ (so no e-mail address).
 */
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9./_#-]{0,39}$/;

export type ErasureRequestProblem = "category" | "reference-shape" | "reference-names-customer";

/**
 * The request as the erasure form gives it, or what is wrong with it. A reference that holds the
 * customer's own name, the part of their e-mail before @ or their phone number is refused too: it is
 * personal data that would outlive the erasure in the audit trail.
 */
export function readErasureRequest(
  category: string,
  reference: string,
  orders: ReadonlyArray<Pick<OrderRow, "tenant_name" | "email" | "phone">>,
): ErasureRequest | { problems: ErasureRequestProblem[] } {
  const problems: ErasureRequestProblem[] = [];
  if (!(ERASURE_CATEGORIES as readonly string[]).includes(category)) problems.push("category");
  if (!REFERENCE.test(reference)) problems.push("reference-shape");
  else if (namesCustomer(reference, orders)) problems.push("reference-names-customer");
  return problems.length > 0 ? { problems } : { category: category as ErasureCategory, reference };
}

/** Whether the text holds a word of the customer's name or their e-mail's part before @ (3+ letters each), or their phone's digits. */
function namesCustomer(text: string, orders: ReadonlyArray<Pick<OrderRow, "tenant_name" | "email" | "phone">>): boolean {
  const folded = foldForSearch(text);
  const digits = text.replace(/\D/g, "");
  return orders.some((order) => {
    const words = foldForSearch(order.tenant_name)
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length >= 3);
    const local = foldForSearch(order.email).split("@")[0]!;
    const phone = order.phone.replace(/\D/g, "").slice(-9);
    return (
      words.some((word) => folded.includes(word)) ||
      (local.length >= 3 && folded.includes(local)) ||
      (phone.length >= 6 && digits.includes(phone))
    );
  });
}
