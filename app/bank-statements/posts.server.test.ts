import { describe, expect, it } from "vitest";
import type { AppDatabase } from "~/db/db.server";
import { handleStatementPost } from "./posts.server";

const paths = { list: "/admin/bank-statements", statement: (id: number) => `/admin/bank-statements/${id}` };
/** The refusals below are decided before the database is asked anything. */
const noDatabase = {} as AppDatabase;

function upload(form: FormData): Request {
  return new Request("http://adres.example/admin/bank-statements", { method: "POST", body: form });
}

describe("the bank statement page's post", () => {
  it("answers a file over 5 MB with 413 and a Polish reason on the page, marking nothing", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("statement", new File([Buffer.alloc(6 * 1024 * 1024, "a")], "duzy.sta"));
    expect(await handleStatementPost(noDatabase, upload(form), "op@example.com", new Date(), paths)).toEqual({
      kind: "uploadRefused",
      status: 413,
      error: "Plik jest za duży: wyciąg może mieć najwyżej 5 MB.",
      chooseBank: null,
    });
  });

  it("asks for a file when none was chosen, and for the bank when a CSV's columns name none", async () => {
    const none = new FormData();
    none.set("intent", "upload");
    none.set("statement", new File([], ""));
    expect(await handleStatementPost(noDatabase, upload(none), "op@example.com", new Date(), paths)).toMatchObject({
      status: 400,
      error: "Wybierz plik wyciągu.",
    });

    const csv = new FormData();
    csv.set("intent", "upload");
    csv.set("statement", new File(["2026-11-26;299,00;Zamówienie AE-2026-000106;Jan Przykładowy\n2026-11-27;10,00;x;y\n"], "historia.csv"));
    expect(await handleStatementPost(noDatabase, upload(csv), "op@example.com", new Date(), paths)).toEqual({
      kind: "uploadRefused",
      status: 400,
      error: null,
      chooseBank: { choices: ["mbank", "ing", "alior", "pko"], chosen: "" },
    });
  });
});
