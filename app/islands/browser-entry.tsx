import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_COMPONENTS, type IslandName } from "~/islands/registry";

/**
 * The islands bundle (built by scripts/build-islands.js, loaded by IslandsLoader after the
 * page has loaded). Each island's container holds the server's rendering of its component;
 * React hydrates it with the props the server wrote next to it, and the component enhances
 * itself as it does in the full app (the FAQ fetches Radix, the carousel fetches Embla).
 */
for (const container of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const name = container.getAttribute(ISLAND_ATTRIBUTE) as IslandName;
  const Component = ISLAND_COMPONENTS[name] as ComponentType<object> | undefined;
  const propsScript = container.nextElementSibling;
  if (!Component || propsScript?.getAttribute(ISLAND_PROPS_ATTRIBUTE) !== name) continue;
  hydrateRoot(container, <Component {...(JSON.parse(propsScript.textContent ?? "{}") as object)} />);
}
