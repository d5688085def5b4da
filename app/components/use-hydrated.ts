import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and during hydration, true after mount. Components render their
 * no-JavaScript markup first (so the server HTML and hydration match) and switch to the
 * enhanced behaviour once this turns true.
 *
 * The switch re-renders the whole order form. As a transition React does that in slices between
 * which the browser answers the visitor (a tap, a key), instead of in one task straight after
 * hydration that blocks a phone's main thread; the no-JavaScript markup works meanwhile.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
