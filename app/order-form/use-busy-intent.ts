import { useNavigation } from "@remix-run/react";

/** Which order step is being submitted, if any: "preview", "accept" or "edit". */
export function useBusyIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return null;
  const intent = navigation.formData?.get("intent");
  return typeof intent === "string" ? intent : "preview";
}
