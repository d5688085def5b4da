import { JS_FLAG } from "~/forms/js-flag";
import { useHydrated } from "./use-hydrated";

/**
 * Rendered only once hydrated: tells the action that JavaScript is on (app/forms/js-flag.ts).
 * Its own module, so the cookie banner on every page does not pull in the form library.
 */
export function JsFlagInput() {
  return useHydrated() ? <input type="hidden" name={JS_FLAG} value="1" /> : null;
}
