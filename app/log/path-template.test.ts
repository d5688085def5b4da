import { describe, expect, it } from "vitest";
import { pathTemplates } from "./path-template";

const templateOf = pathTemplates(
  [
    "",
    "/",
    "/platnosc/:token",
    "/en/payment/:token",
    "agreement/:token",
    "admin/orders/:id",
    "admin/orders/:id/declaration.pdf",
    "admin/*",
    "*",
    "healthz",
    "images/hero.webp",
  ],
  "/build/",
);

describe("the log's path templates", () => {
  it("name the route, never the token or id in the path, whatever its case", () => {
    expect(templateOf("/platnosc/Abc123_secret")).toBe("/platnosc/:token");
    expect(templateOf("/EN/Payment/Abc123_secret/")).toBe("/en/payment/:token");
    expect(templateOf("/agreement/Abc123_secret")).toBe("/agreement/:token");
    expect(templateOf("/admin/orders/42/declaration.pdf")).toBe("/admin/orders/:id/declaration.pdf");
  });

  it("keep the paths of the site's own files and routes without parameters", () => {
    expect(templateOf("/")).toBe("/");
    expect(templateOf("/healthz")).toBe("/healthz");
    expect(templateOf("/images/hero.webp")).toBe("/images/hero.webp");
    expect(templateOf("/build/_assets/entry.client-ABC.js")).toBe("/build/*");
  });

  it("log a path no route names as its catch-all, so what a visitor typed into it never reaches the log", () => {
    expect(templateOf("/jan.kowalski@example.pl")).toBe("*");
    expect(templateOf("/platnosc/abc/def")).toBe("*");
    expect(templateOf("/admin/anna-nowak")).toBe("/admin/*");
  });
});
