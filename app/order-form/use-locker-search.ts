import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { isSearchableQuery, LOCKERS_INTENT, type LockerSearch } from "~/order/delivery";

/** How long the visitor pauses typing before the lockers are asked for. */
const TYPING_PAUSE_MS = 400;

/**
 * With JavaScript, the lockers near the typed postcode or town appear as the visitor types: once the
 * field holds a searchable place (a whole postcode, or three letters of a town) and the typing pauses,
 * the order route's action is asked exactly as "Pokaż paczkomaty" asks it without JavaScript
 * (intent=lockers). A fetcher, so only the lockers of its answer are used: the form's values and
 * messages stay the form's own. One fetcher for every search: a newer search aborts the one still in
 * flight, so a slow answer to an older query never replaces a newer one's.
 */
export function useLockerSearch(query: string | undefined): {
  lockers: LockerSearch | undefined;
  /** The place being searched now, while its answer is on the way: the status says so, not the previous answer. */
  searching: string | null;
  searchNow: () => void;
} {
  const fetcher = useFetcher<{ lockers?: LockerSearch }>();
  const submit = fetcher.submit;
  const { pathname } = useLocation();
  // The place the page arrived with was searched already (or deliberately not): no request on load.
  const searched = useRef<string | null>(query?.trim() ?? null);
  const search = useCallback(
    (place: string) => {
      searched.current = place;
      submit({ intent: LOCKERS_INTENT, lockerQuery: place }, { method: "post", action: pathname });
    },
    [submit, pathname],
  );
  useEffect(() => {
    const place = query?.trim() ?? "";
    if (!isSearchableQuery(place) || place === searched.current) return;
    const timer = setTimeout(() => search(place), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query, search]);
  const pending = fetcher.state === "idle" ? null : fetcher.formData?.get("lockerQuery");
  return {
    lockers: fetcher.data?.lockers,
    searching: typeof pending === "string" ? pending : null,
    searchNow: () => search(query?.trim() ?? ""),
  };
}
