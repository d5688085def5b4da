import { describe, expect, it } from "vitest";
import { orderPageProblems } from "./form-errors";

/** The order page's error summary: one line per field, "label: message", linking to the field the form renders. */
describe("the order page's error summary", () => {
  it("names the refused form and links each problem to its field, for every form of the page", () => {
    expect(
      orderPageProblems(
        {
          transition: null,
          errors: { form: "" },
          correction: { intent: "customer_data", errors: { mailingPostalCode: "Podaj kod pocztowy", reason: "Podaj powód" } },
        },
        "pl",
      ),
    ).toEqual({
      form: "Popraw dane klienta",
      problems: [
        { id: "customer_data-mailingPostalCode", message: "Adres do korespondencji: kod pocztowy: Podaj kod pocztowy" },
        { id: "customer_data-reason", message: "Powód zmiany (tylko do historii): Podaj powód" },
      ],
    });
    expect(orderPageProblems({ transition: "mark_paid", errors: { confirm: "Zaznacz potwierdzenie" } }, "uk")).toEqual({
      form: "Oznacz jako opłacone",
      problems: [{ id: "mark_paid-confirm", message: "Potwierdzam: wpłata jest na koncie, klient dostanie e-mail: Zaznacz potwierdzenie" }],
    });
    expect(orderPageProblems({ transition: "cancel", errors: { reason: "Podaj powód" } }, "uk")?.problems).toEqual([
      { id: "cancel-reason", message: "Własny powód, po ukraińsku (klient dostanie go dosłownie): Podaj powód" },
    ]);
    expect(
      orderPageProblems(
        { transition: null, errors: {}, refund: { paymentId: 7, errors: { reason: "Podaj powód", confirm: "Zaznacz potwierdzenie" } } },
        "pl",
      )?.problems,
    ).toEqual([
      { id: "refund-7-reason", message: "Własny powód, po polsku (klient dostanie go dosłownie): Podaj powód" },
      { id: "refund-7-confirm", message: expect.stringMatching(/: Zaznacz potwierdzenie$/) },
    ]);
  });

  it("lists nothing for a refusal of the whole page (a move no longer allowed), which the page's notice says", () => {
    expect(orderPageProblems({ transition: "mark_paid", errors: { form: "Tej zmiany nie można wykonać" } }, "pl")).toBeNull();
    expect(orderPageProblems(undefined, "pl")).toBeNull();
  });
});
