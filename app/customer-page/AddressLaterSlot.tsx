import { lazy, Suspense } from "react";
import type { AddressAnswer, AddressLaterView } from "./address-later.server";

// Its own chunk: only an order placed before the flat was found fetches it, so the main path's budget (decision 090) is untouched.
const AddressLaterPanel = lazy(() => import("./AddressLaterPanel"));

/**
 * Where the order page shows "Podaj adres mieszkania" (docs/decisions/091). The server waits for every lazy part before
 * it sends the page (app/render/render-document.server.ts), so without JavaScript the panel is in the HTML as always;
 * with it, React keeps the server's markup until the chunk is there and then hydrates it.
 */
export function AddressLaterSlot({ view, answer }: { view: AddressLaterView | null; answer: AddressAnswer | null }) {
  if (!view) return null;
  return (
    <Suspense>
      <AddressLaterPanel view={view} answer={answer} />
    </Suspense>
  );
}
