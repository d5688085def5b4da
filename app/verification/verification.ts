import type { OrderRow } from "~/db/schema";
import { coResidentsOfOrder } from "~/order/co-residents";

/**
 * What the verification page says about a code (docs/decisions/089), and no more: whether the
 * declaration stands, its type, date and order number, the tenant's initials, how many people
 * live with the tenant and the rented flat's town. No name in full, no address, e-mail or phone:
 * the page answers anyone who holds the code, and a code is printed on paper that travels.
 */
export type DeclarationFacts = {
  type: OrderRow["declaration_type"];
  /** The day the declaration was issued (YYYY-MM-DD, Warsaw). */
  issuedOn: string;
  orderNumber: string;
  initials: string;
  coResidents: number;
  /** The rented flat's town; null when the order's address names none the page can tell. */
  city: string | null;
};

/**
 * `valid`, or why not since when: the order was cancelled, the customer withdrew from it, or a newer
 * declaration replaced this one (docs/decisions/092; the page says a newer one exists, never which).
 */
export type DeclarationStanding = { state: "valid" } | { state: "cancelled" | "withdrawn" | "replaced"; on: string };

export type Verification = { found: false } | { found: true; standing: DeclarationStanding; facts: DeclarationFacts };

/** "Olena Kovalenko" → "O. K.", "Anna Maria Nowak-Kowalska" → "A. N.": the first name's initial and the surname's first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initial = (word: string | undefined) => (word ? `${[...word][0]!.toLocaleUpperCase("pl")}.` : "");
  return words.length > 1 ? `${initial(words[0])} ${initial(words.at(-1))}` : initial(words[0]);
}

/** The town of a flat: the form's own field, or, for an address typed on one line ("ul. Długa 5/3, 70-001 Szczecin"), the words after the postal code. */
export function cityOf(order: Pick<OrderRow, "property_city" | "property_address">): string | null {
  if (order.property_city) return order.property_city;
  return /\b\d{2}-\d{3}\s+([^,\d][^,]*)/.exec(order.property_address)?.[1]?.trim() || null;
}

export function coResidentCountOf(order: Pick<OrderRow, "co_residents">): number {
  return coResidentsOfOrder(order).length;
}

/** What the back office shows beside the declaration: how many lookups the order's codes had, and the last one's time. */
export type LookupCount = { count: number; lastAt: string | null };
