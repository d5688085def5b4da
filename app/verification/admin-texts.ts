import { formatWarsawTime } from "~/i18n/back-office-format";
import type { LookupCount } from "./verification";

/**
 * The back office's line about a declaration's lookups (Polish only, as the whole back office):
 * "sprawdzono 1 raz", "sprawdzono 3 razy" (every count but 1 takes "razy").
 */
export function lookupCountText({ count, lastAt }: LookupCount): string {
  if (count === 0 || !lastAt) return "Kodu weryfikacyjnego oświadczenia jeszcze nie sprawdzano.";
  return `Kod weryfikacyjny oświadczenia: sprawdzono ${count} ${count === 1 ? "raz" : "razy"}, ostatnio ${formatWarsawTime(lastAt)}.`;
}
