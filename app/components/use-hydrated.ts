import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true after mount. Components render their
 * no-JavaScript markup first (so the server HTML and hydration match) and switch to the
 * enhanced behaviour once this turns true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
