/**
 * The one way a form tells its action that JavaScript is on: a hidden `js=1` field that
 * only the hydrated page renders (JsFlagInput in app/components/forms.tsx). Actions then
 * answer with data for the enhanced page instead of a redirect or a full document.
 */
export const JS_FLAG = "js";

export function jsFlagIsOn(formData: FormData): boolean {
  return formData.get(JS_FLAG) === "1";
}
