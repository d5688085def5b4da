import { lazy, Suspense } from "react";
import type { CustomerDeclarations } from "./declarations.server";

// Its own chunk, as AddressLaterSlot's panel: only a dispatched order fetches it, so the main path's budget (decision 090) is untouched.
const ReplacementDeclarations = lazy(() => import("./ReplacementDeclarations"));

/** Where the order page lists the order's declarations and the 21 days (docs/decisions/092), once the order is dispatched. */
export function ReplacementDeclarationsSlot({ declarations }: { declarations: CustomerDeclarations }) {
  if (!declarations) return null;
  return (
    <Suspense>
      <ReplacementDeclarations declarations={declarations} />
    </Suspense>
  );
}
