/**
 * A valid order as a visitor without JavaScript sends the order form (its fields' names), starting
 * ten days after `now`. The one source of a sample order's fields: the server runs the order path
 * with it before it listens (app/jobs/warm-up.server.ts), and the tests start from it through
 * tests/support/valid-order.ts. It lives in app/ because production code never imports tests/;
 * it imports nothing, so the browser tests and scripts can load it too.
 */
export function sampleOrderForm(now: Date = new Date()) {
  return {
    declarationType: "regular",
    landlordName: "Anna Nowak",
    tenantName: "Jan Kowalski",
    startDate: new Date(now.getTime() + 10 * 86_400_000).toISOString().slice(0, 10),
    email: "jan@example.com",
    phone: "600 100 200",
    propertyAddress: "ul. Długa 5/3",
    propertyPostalCode: "70-001",
    propertyCity: "Szczecin",
    mailingAddress: "ul. Krótka 1",
    mailingPostalCode: "00-001",
    mailingCity: "Warszawa",
    dataProcessingConsent: "on",
  };
}
