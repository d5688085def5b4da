#!/usr/bin/env node
// The orders bench's client, in a process of its own as a real client would be (the server is
// another process; scripts/bench-orders.js starts both). Each order is what a visitor without
// JavaScript sends: the details form POST (the preview page), then the accept POST with the
// preview's token and hidden fields (a 303 to the payment page).
// Usage: node scripts/bench-order-client.js '<json>' with
//   { "bases": ["http://127.0.0.1:3702"], "mode": "open", "rate": 50, "count": 500 }   a new order every 1/rate s
//   { "bases": [...], "mode": "closed", "concurrency": 16, "seconds": 10 }               back to back: the saturation
//   { "bases": [...], "mode": "sequential", "count": 100 }                               one at a time: the cost per order
// With "toPaymentPage": true, each accept's redirect is followed as a browser would, and
// `paymentPage` holds the time from the accept's click to the payment page's last byte.
// With several bases (instances behind one database), order i goes to bases[i % n], as a
// round-robin load balancer would send it; its preview and its accept go to the same instance.
// Prints one JSON line: { preview: [ms], accept: [ms], paymentPage: [ms], failures: [message], seconds }.
const options = JSON.parse(process.argv[2] ?? "{}");
const urls = options.bases.map((base) => `${base}/zamowienie-oswiadczenia`);
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

// A name as in a passport, in Latin letters (digits are refused): 0 → "a", 27 → "bb".
const lettersOf = (number) => (number < 26 ? "" : lettersOf(Math.floor(number / 26) - 1)) + String.fromCharCode(97 + (number % 26));
const tag = lettersOf(process.pid);

function orderForm(i) {
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return new URLSearchParams({
    declarationType: i % 2 ? "regular" : "notarized",
    landlordName: "Anna Nowak",
    tenantName: `Bench ${tag} ${lettersOf(i)}`,
    startDate: start,
    email: "bench@example.com",
    phone: "600100200",
    propertyAddress: "ul. Długa 5/3",
    propertyPostalCode: "70-001",
    propertyCity: "Szczecin",
    mailingAddress: "ul. Krótka 1",
    mailingPostalCode: "00-001",
    mailingCity: "Warszawa",
    dataProcessingConsent: "on",
  });
}

const hiddenInputsOf = (html) =>
  [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [
    name,
    value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&"),
  ]);

const timings = { preview: [], accept: [], paymentPage: [] };
const failures = [];

async function oneOrder(i) {
  const url = urls[i % urls.length];
  let started = performance.now();
  const preview = await fetch(url, { method: "POST", headers: FORM, body: orderForm(i), redirect: "manual" });
  const html = await preview.text();
  timings.preview.push(performance.now() - started);
  const hidden = hiddenInputsOf(html);
  if (preview.status !== 200 || !hidden.some(([name]) => name === "token")) throw new Error(`preview ${preview.status}`);
  const accept = new URLSearchParams(hidden);
  accept.set("acceptTerms", "on");
  accept.set("immediatePerformanceConsent", "on");
  accept.set("intent", "accept");
  started = performance.now();
  const accepted = await fetch(url, { method: "POST", headers: FORM, body: accept, redirect: "manual" });
  await accepted.arrayBuffer();
  timings.accept.push(performance.now() - started);
  if (accepted.status !== 303) throw new Error(`accept ${accepted.status}`);
  if (!options.toPaymentPage) return;
  const paymentPage = await fetch(new URL(accepted.headers.get("Location"), url));
  await paymentPage.arrayBuffer();
  timings.paymentPage.push(performance.now() - started);
  if (paymentPage.status !== 200) throw new Error(`payment page ${paymentPage.status}`);
}

const order = (i) => oneOrder(i).catch((error) => failures.push(error.message));
const began = performance.now();
if (options.mode === "open") {
  // Open loop: a new order is due every 1/rate s whatever the earlier ones are doing, as visitors arrive.
  const pending = [];
  const interval = 1000 / options.rate;
  for (let i = 0; i < options.count; i++) {
    const wait = began + i * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(order(i));
  }
  await Promise.all(pending);
} else if (options.mode === "closed") {
  const deadline = began + options.seconds * 1000;
  let next = 0;
  const session = async () => {
    while (performance.now() < deadline) await order(next++);
  };
  await Promise.all(Array.from({ length: options.concurrency }, session));
} else {
  for (let i = 0; i < options.count; i++) await order(i);
}
console.log(JSON.stringify({ ...timings, failures, seconds: (performance.now() - began) / 1000 }));
