import type { OrderRow } from "~/db/schema";
import { isLatinName, isOriginalName, nameWithOriginal } from "./names";

/**
 * A person who will live with the tenant (art. 19a(2)(3)): the name as the passport's Latin line
 * writes it, which the Polish text uses, and the original spelling (Cyrillic, say) when given,
 * shown beside it in brackets, as the tenant's is (docs/decisions/031 and 042).
 */
export type CoResident = { name: string; original: string | null };

/** "Taras Kovalenko (Тарас Коваленко)": one line of the form's co-residents field; the brackets are optional. */
const WITH_ORIGINAL = /^([^()]*)\(([^()]*)\)$/u;

/** The person one line of the form names, or null when the line is not a Latin name with an optional original in brackets. */
export function coResidentOfLine(line: string, maxLength: number): CoResident | null {
  const match = WITH_ORIGINAL.exec(line);
  const name = (match ? match[1]! : line).trim().replace(/\s+/g, " ");
  const original = match ? match[2]!.trim().replace(/\s+/g, " ") : "";
  if (name.length > maxLength || original.length > maxLength || !isLatinName(name)) return null;
  if (original !== "" && !isOriginalName(original)) return null;
  return { name, original: original === "" ? null : original };
}

/**
 * The co-residents stored with an order: a JSON array of `{name, original}`. Orders placed before
 * the original spelling was asked for stored the Latin names alone, as strings; none is an empty list.
 */
export function coResidentsOfOrder(order: Pick<OrderRow, "co_residents">): CoResident[] {
  if (!order.co_residents) return [];
  const stored: unknown = JSON.parse(order.co_residents);
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry: unknown): CoResident[] => {
    if (typeof entry === "string") return [{ name: entry, original: null }];
    if (entry && typeof entry === "object" && typeof (entry as CoResident).name === "string") {
      const { name, original } = entry as CoResident;
      return [{ name, original: typeof original === "string" ? original : null }];
    }
    return [];
  });
}

/** "Taras Kovalenko (Тарас Коваленко), Marta Kovalenko": the co-residents as the agreement, the e-mails and the back office list them. */
export function coResidentNames(people: readonly CoResident[]): string {
  return people.map((person) => nameWithOriginal(person.name, person.original)).join(", ");
}
