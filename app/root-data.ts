import { useRouteLoaderData } from "@remix-run/react";
import type { Company } from "~/config/company";
import type { PageResources } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";

/** What the root loader gives every page: its language, the strings it needs and the company facts. */
export type RootData = {
  locale: Locale;
  i18n: PageResources;
  company: Company;
  siteUrl: string;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** For components that render only inside a successfully loaded page. */
export function useRequiredRootData(): RootData {
  const data = useRootData();
  if (!data) throw new Error("Root data is missing: this component must render below the root route.");
  return data;
}

export function useLocale(): Locale {
  return useRequiredRootData().locale;
}
