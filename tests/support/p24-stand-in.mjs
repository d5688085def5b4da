#!/usr/bin/env node
// A stand-in for Przelewy24's REST API v1, on 127.0.0.1 only, for the tests and for `npm run dev:payments`.
// It speaks what the site uses, with the paths, bodies, status codes, Basic auth (posId:apiKey),
// SHA-384 `sign` checks and error shape `{error, code}` of Przelewy24's published OpenAPI (docs/decisions/028, 040):
//   POST /api/v1/transaction/register                 -> 200 {data: {token}, responseCode: 0}
//   POST /api/v1/paymentMethod/blik/chargeByCode      -> 201 {data: {orderId, message}}; BLIK code 777123 is
//                                                        accepted, any other refused with 400
//   PUT  /api/v1/transaction/verify                   -> 200 {data: {status: "success"}, responseCode: 0}
//   POST /api/v1/transaction/refund                   -> 201 {data: [{..., status: true, message: "success"}]};
//                                                        400 for invalid input (requestId over 45 characters,
//                                                        refundsUuid or description over 35, a requestId used
//                                                        before), 409 {error: [...], code: 409} when not possible;
//                                                        then the refund's result POSTed to its urlStatus
//                                                        (orderId, sessionId, merchantId, requestId, refundsUuid,
//                                                        amount, currency, timestamp, status 0 done / 1 rejected, sign)
//   GET  /api/v1/transaction/by/sessionId/{sessionId} -> 200 {data: {orderId, sessionId, status, amount, ...}}, 404;
//                                                        status 0 unpaid, 2 paid, 3 refunded
//   GET  /trnRequest/{token}                          its own payment page, "Zapłać" and "Anuluj": back to urlReturn,
//                                                     and (after Zapłać) the notification POSTed to urlStatus.
// Control endpoints (for tests; each rule applies to the sessions that start with `sessionPrefix`,
// the order's number, so tests running side by side do not disturb each other):
//   POST /__control {sessionPrefix, decline?: true, notification?: "send" | "drop" | "twice" | "bad-sign" | "wrong-amount",
//                    delayMs?, chargeAnswer?: 500, refund?: "complete" | "reject" | "refuse"}
//   (chargeAnswer 500: the BLIK charge is taken, but its answer is a server error, as when the answer is lost;
//    refund "reject": taken with 201, then its notification says rejected; "refuse": answered 409 at once)
//   (a notification not answered 200 or 400 is sent again every 500 ms, up to 60 times, as Przelewy24 retries)
//   POST /__notify {sessionId, notification?}   sends a paid transaction's notification (again) now
//   GET  /__transactions?sessionPrefix=...      what it knows: transactions, lookups by session id, notifications'
//                                               answers, refunds and their notifications' answers
//   GET  /__health
// Configuration: P24_STAND_IN_PORT (default E2E_PORT + 5, else 3105) and P24_MERCHANT_ID, P24_POS_ID,
// P24_API_KEY, P24_CRC (defaults below, the same as the e2e config's and `npm run dev:payments`').
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const STAND_IN_CREDENTIALS = { merchantId: 100001, posId: 100001, apiKey: "stand-in-api-key-0000", crc: "stand-in-crc-0000" };
const port = Number(process.env.P24_STAND_IN_PORT ?? (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 5 : 3105));
const merchantId = Number(process.env.P24_MERCHANT_ID || STAND_IN_CREDENTIALS.merchantId);
const posId = Number(process.env.P24_POS_ID || merchantId);
const apiKey = process.env.P24_API_KEY || STAND_IN_CREDENTIALS.apiKey;
const crc = process.env.P24_CRC || STAND_IN_CREDENTIALS.crc;
const base = `http://127.0.0.1:${port}`;
const ACCEPTED_BLIK_CODE = "777123";
const BLIK_METHOD_ID = 154;
const TRANSFER_METHOD_ID = 25;
const RETRIES = 60;
const RETRY_INTERVAL_MS = 500;

/** token -> transaction */
const transactions = new Map();
/** [{sessionPrefix, decline, notification, delayMs}] */
const rules = [];
let nextOrderId = 310_000_001;

const sha384 = (fields) => createHash("sha384").update(JSON.stringify(fields), "utf8").digest("hex");
const sameText = (a, b) => typeof a === "string" && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const ruleFor = (sessionId) => rules.findLast((rule) => sessionId.startsWith(rule.sessionPrefix)) ?? {};
const bySession = (sessionId) => [...transactions.values()].find((transaction) => transaction.sessionId === sessionId);

function readBody(request) {
  return new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function send(response, status, body) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

const error = (response, code, message) => send(response, code, { error: message, code });

function authorised(request) {
  return sameText(request.headers.authorization ?? "", `Basic ${Buffer.from(`${posId}:${apiKey}`).toString("base64")}`);
}

function escapeHtml(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function markPaid(transaction, methodId) {
  transaction.status = 2;
  transaction.orderId = nextOrderId++;
  transaction.methodId = methodId;
  transaction.paidAt = new Date().toISOString();
  const rule = ruleFor(transaction.sessionId);
  const mode = rule.notification ?? "send";
  if (mode === "drop") return;
  setTimeout(() => void notify(transaction, mode), rule.delayMs ?? 50);
}

/** POSTs a notification until the site answers 200 or 400 (as Przelewy24 retries); returns each answer's status. */
async function deliver(url, body) {
  const answers = [];
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const answer = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then(
      (response) => response.status,
      () => 0,
    );
    answers.push(answer);
    if (answer === 200 || answer === 400) break;
    await new Promise((resolve) => setTimeout(resolve, RETRY_INTERVAL_MS));
  }
  return answers;
}

/** POSTs the notification to urlStatus as Przelewy24 does, and records the site's answer. */
async function notify(transaction, mode = "send") {
  const fields = {
    merchantId,
    posId,
    sessionId: transaction.sessionId,
    amount: mode === "wrong-amount" ? transaction.amount + 100 : transaction.amount,
    originAmount: transaction.amount,
    currency: transaction.currency,
    orderId: transaction.orderId,
    methodId: transaction.methodId,
    statement: `p24-${transaction.orderId}`,
  };
  const sign = mode === "bad-sign" ? sha384({ ...fields, crc: "not-the-crc" }) : sha384({ ...fields, crc });
  const times = mode === "twice" ? 2 : 1;
  for (let time = 0; time < times; time++) {
    // Like Przelewy24, it tries again while the site is down or failing (not after a 200 or a 400).
    for (const status of await deliver(transaction.urlStatus, { ...fields, sign })) transaction.notifications.push({ mode, status });
  }
}

/** The refund's result (TransactionRefundResult) to the urlStatus its request named: completed, or rejected by rule. */
async function notifyRefund(transaction, refund) {
  const rejected = ruleFor(transaction.sessionId).refund === "reject";
  const fields = {
    orderId: transaction.orderId,
    sessionId: transaction.sessionId,
    refundsUuid: refund.refundsUuid,
    merchantId,
    amount: refund.amount,
    currency: transaction.currency,
    status: rejected ? 1 : 0,
  };
  const body = { ...fields, requestId: refund.requestId, timestamp: Math.floor(Date.now() / 1000), sign: sha384({ ...fields, crc }) };
  refund.status = rejected ? "rejected" : "completed";
  if (rejected) transaction.refunded -= refund.amount;
  else if (transaction.refunded >= transaction.amount) transaction.status = 3;
  for (const status of await deliver(refund.urlStatus, body)) refund.notifications.push(status);
}

function view(transaction) {
  const { token, sessionId, amount, currency, status, orderId, methodId, verified, refunds, notifications, declined, lookups } =
    transaction;
  return { token, sessionId, amount, currency, status, orderId, methodId, verified, refunds, notifications, declined, lookups };
}

function paymentPage(transaction) {
  const amount = (transaction.amount / 100).toFixed(2).replace(".", ",");
  return `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Przelewy24 (stand-in)</title></head>
<body style="font-family:sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem"><h1>Przelewy24 (stand-in)</h1>
<p>${escapeHtml(transaction.description)}</p><p>Kwota: <strong>${amount} ${escapeHtml(transaction.currency)}</strong></p>
<form method="post" action="/trnRequest/${transaction.token}/pay"><button type="submit">Zapłać</button></form>
<form method="post" action="/trnRequest/${transaction.token}/cancel" style="margin-top:1rem"><button type="submit">Anuluj</button></form></body></html>`;
}

function redirect(response, location) {
  response.writeHead(303, { Location: location });
  response.end();
}

async function register(request, response, text) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return error(response, 400, "Invalid JSON");
  }
  const required = [
    "merchantId",
    "posId",
    "sessionId",
    "amount",
    "currency",
    "description",
    "email",
    "country",
    "language",
    "urlReturn",
    "sign",
  ];
  const missing = required.find((name) => body[name] === undefined || body[name] === "");
  if (missing) return error(response, 400, `Missing parameter: ${missing}`);
  if (body.merchantId !== merchantId || body.posId !== posId) return error(response, 400, "Incorrect merchantId or posId");
  if (!Number.isInteger(body.amount) || body.amount <= 0) return error(response, 400, "Incorrect amount");
  const expected = sha384({ sessionId: body.sessionId, merchantId: body.merchantId, amount: body.amount, currency: body.currency, crc });
  if (!sameText(body.sign, expected)) return error(response, 400, "Incorrect sign");
  if (bySession(body.sessionId)) return error(response, 400, "Transaction with this sessionId already exists");
  const token = randomBytes(16)
    .toString("hex")
    .toUpperCase()
    .replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, "$1-$2-$3-$4-$5");
  transactions.set(token, {
    token,
    sessionId: body.sessionId,
    amount: body.amount,
    currency: body.currency,
    description: body.description,
    email: body.email,
    urlReturn: body.urlReturn,
    urlStatus: body.urlStatus,
    status: 0,
    orderId: null,
    methodId: null,
    verified: false,
    declined: false,
    refunds: [],
    refunded: 0,
    notifications: [],
    lookups: 0,
  });
  return send(response, 200, { data: { token }, responseCode: 0 });
}

async function handleApi(request, response, path, text) {
  if (!authorised(request)) return error(response, 401, "Incorrect authentication");
  if (path === "/api/v1/transaction/register" && request.method === "POST") return register(request, response, text);
  const body = text ? JSON.parse(text) : {};
  if (path === "/api/v1/paymentMethod/blik/chargeByCode" && request.method === "POST") {
    const transaction = transactions.get(body.token);
    if (!transaction || transaction.status !== 0) return error(response, 400, "Incorrect token");
    if (!/^\d{6}$/.test(body.blikCode ?? "") || body.blikCode !== ACCEPTED_BLIK_CODE) return error(response, 400, "Incorrect BLIK code");
    const rule = ruleFor(transaction.sessionId);
    if (rule.decline) {
      transaction.declined = true;
      return send(response, 201, { data: { orderId: null, message: "success" }, responseCode: 0 });
    }
    markPaid(transaction, BLIK_METHOD_ID);
    if (rule.chargeAnswer === 500) return error(response, 500, "Undefined error");
    return send(response, 201, { data: { orderId: transaction.orderId, message: "success" }, responseCode: 0 });
  }
  if (path === "/api/v1/transaction/verify" && request.method === "PUT") {
    const transaction = bySession(body.sessionId);
    const expected = sha384({ sessionId: body.sessionId, orderId: body.orderId, amount: body.amount, currency: body.currency, crc });
    if (!sameText(body.sign, expected)) return error(response, 400, "Incorrect sign");
    if (
      !transaction ||
      transaction.status !== 2 ||
      transaction.orderId !== body.orderId ||
      transaction.amount !== body.amount ||
      transaction.currency !== body.currency
    )
      return error(response, 400, "Transaction not found or data mismatch");
    transaction.verified = true;
    return send(response, 200, { data: { status: "success" }, responseCode: 0 });
  }
  if (path === "/api/v1/transaction/refund" && request.method === "POST") {
    const refunds = Array.isArray(body.refunds) ? body.refunds : [];
    const validInput =
      typeof body.requestId === "string" &&
      body.requestId.length > 0 &&
      body.requestId.length <= 45 &&
      typeof body.refundsUuid === "string" &&
      body.refundsUuid.length > 0 &&
      body.refundsUuid.length <= 35 &&
      refunds.length > 0 &&
      refunds.every(
        (refund) =>
          Number.isInteger(refund.orderId) &&
          typeof refund.sessionId === "string" &&
          Number.isInteger(refund.amount) &&
          (refund.description === undefined || String(refund.description).length <= 35),
      );
    if (!validInput) return error(response, 400, "Invalid input parameters");
    if ([...transactions.values()].some((transaction) => transaction.refunds.some((refund) => refund.requestId === body.requestId)))
      return error(response, 400, "Request already exists");
    const results = refunds.map((refund) => {
      const transaction = bySession(refund.sessionId);
      const ok =
        transaction &&
        ruleFor(transaction.sessionId).refund !== "refuse" &&
        transaction.verified &&
        transaction.orderId === refund.orderId &&
        refund.amount > 0 &&
        refund.amount <= transaction.amount - transaction.refunded;
      const message = !transaction
        ? "Transaction not found"
        : ok
          ? "success"
          : "The amount of refund exceeds available amount for the transaction";
      return { ...refund, status: Boolean(ok), message };
    });
    if (results.some((result) => !result.status)) return send(response, 409, { error: results, code: 409 });
    for (const refund of refunds) {
      const transaction = bySession(refund.sessionId);
      const entry = {
        requestId: body.requestId,
        refundsUuid: body.refundsUuid,
        urlStatus: body.urlStatus,
        amount: refund.amount,
        description: refund.description,
        status: "requested",
        notifications: [],
      };
      transaction.refunds.push(entry);
      transaction.refunded += refund.amount;
      if (body.urlStatus) setTimeout(() => void notifyRefund(transaction, entry), ruleFor(transaction.sessionId).delayMs ?? 50);
    }
    return send(response, 201, { data: results, responseCode: 0 });
  }
  const bySessionPath = path.match(/^\/api\/v1\/transaction\/by\/sessionId\/(.+)$/);
  if (bySessionPath && request.method === "GET") {
    const transaction = bySession(decodeURIComponent(bySessionPath[1]));
    if (!transaction) return error(response, 404, "Transaction not found");
    transaction.lookups += 1;
    const { orderId, sessionId, status, amount, currency, methodId, description, email } = transaction;
    return send(response, 200, {
      data: {
        statement: orderId ? `p24-${orderId}` : "",
        orderId: orderId ?? 0,
        sessionId,
        status,
        amount,
        currency,
        date: "",
        dateOfTransaction: "",
        clientEmail: email,
        accountMD5: "",
        paymentMethod: methodId ?? 0,
        description,
        clientName: "",
        clientAddress: "",
        clientCity: "",
        clientPostcode: "",
        batchId: 0,
        fee: "0",
      },
      responseCode: 0,
    });
  }
  return error(response, 404, "Not found");
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", base);
  const path = url.pathname;
  const text = await readBody(request);
  try {
    if (path === "/__health") return send(response, 200, { ok: true });
    if (path === "/__control" && request.method === "POST") {
      const rule = JSON.parse(text);
      if (!rule.sessionPrefix) return error(response, 400, "sessionPrefix is required");
      rules.push(rule);
      return send(response, 200, { ok: true });
    }
    if (path === "/__notify" && request.method === "POST") {
      const { sessionId, notification } = JSON.parse(text);
      const transaction = bySession(sessionId);
      if (!transaction || transaction.status !== 2) return error(response, 400, "No paid transaction with this sessionId");
      await notify(transaction, notification ?? "send");
      return send(response, 200, view(transaction));
    }
    if (path === "/__transactions" && request.method === "GET") {
      const prefix = url.searchParams.get("sessionPrefix") ?? "";
      return send(response, 200, [...transactions.values()].filter((transaction) => transaction.sessionId.startsWith(prefix)).map(view));
    }
    if (path.startsWith("/api/v1/")) return await handleApi(request, response, path, text);
    const page = path.match(/^\/trnRequest\/([A-Z0-9-]+)(\/pay|\/cancel)?$/);
    const transaction = page && transactions.get(page[1]);
    if (transaction && !page[2] && request.method === "GET") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return response.end(paymentPage(transaction));
    }
    if (transaction && page[2] === "/pay" && request.method === "POST") {
      if (transaction.status === 0 && !ruleFor(transaction.sessionId).decline) markPaid(transaction, TRANSFER_METHOD_ID);
      else transaction.declined = true;
      return redirect(response, transaction.urlReturn);
    }
    if (transaction && page[2] === "/cancel" && request.method === "POST") return redirect(response, transaction.urlReturn);
    return error(response, 404, "Not found");
  } catch {
    return error(response, 400, "Bad request");
  }
});

server.listen(port, "127.0.0.1", () => console.log(`Przelewy24 stand-in on ${base} (merchant ${merchantId})`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
