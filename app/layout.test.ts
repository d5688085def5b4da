import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { FOLDER_ORDER } from "../eslint-layers.js";

/** The README's layout section is where a newcomer learns where a feature goes: it names every folder of app/. */
function foldersNamedInTheLayout(): string[] {
  const readme = readFileSync("README.md", "utf8");
  const layout = readme.slice(readme.indexOf("## Layout"), readme.indexOf("\n## ", readme.indexOf("## Layout") + 1));
  return [...new Set([...layout.matchAll(/^app\/([\w-]+)\/ /gm)].map((match) => match[1]!))];
}

test("the README's layout names every folder of app/, and no folder that is gone", () => {
  const named = foldersNamedInTheLayout();
  const folders = readdirSync("app", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect([...named].sort()).toEqual(folders.sort());
});

/** The layout's order is the order ESLint enforces (eslint-layers.js): reading one tells the other. */
test("the README's layout lists the folders in the order ESLint enforces", () => {
  expect(foldersNamedInTheLayout()).toEqual(FOLDER_ORDER);
});
