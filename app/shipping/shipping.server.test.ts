import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyTransition } from "~/flows/transitions.server";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { startInpostStandIn, TEST_INPOST } from "../../tests/support/inpost-stand-in-process";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { isInvisible } from "./answer-fields";
import { ShippingUnavailableError, type ShippingCarrier } from "./carrier";
import { createInpostPointsClient, createShipxClient } from "./inpost.server";
import { checkedDelivery, searchLockers } from "./lockers.server";
import { pollShipments, SHIP_CLAIM_MS, shipOrder, SHIPMENT_REQUESTED } from "./ship.server";
import { dispatchCandidates, shipChosenOrders } from "./ship-batch.server";
import { addressAllowed, createWebhookHandler, readWebhookPost, WEBHOOK_READ_RETRIES } from "./webhook.server";

/**
 * The shipping domain against the InPost stand-in over real HTTP, on SQLite and PostgreSQL:
 * lockers by postcode, shipments made once whatever fails, confirmation awaited, labels as PDFs,
 * and webhooks taken as hints only.
 */
let standIn: Awaited<ReturnType<typeof startInpostStandIn>>;
beforeAll(async () => {
  standIn = await startInpostStandIn();
});
afterAll(() => standIn.stop());
const FAIR = { hostilePoints: false, trackingNumber: null, answerBytes: null } as const;
beforeEach(() => standIn.control({ pointsDelayMs: 0, pointsDown: false, confirmDelayMs: 50, createAnswer: null, down: false, ...FAIR }));

const FAST = { pollMs: 20, waitMs: 5000 };
const T0 = new Date("2026-11-24T09:00:00Z");

describe("the Points API", () => {
  it("lists the nearest parcel lockers of a postcode, nearest first, with address, description, distance and 24/7", async () => {
    const found = await searchLockers(createInpostPointsClient({ pointsUrl: standIn.url }), "31 042");
    expect(found.status).toBe("found");
    if (found.status !== "found") return;
    expect(found.query).toBe("31-042");
    expect(found.points.length).toBeGreaterThan(3);
    expect(found.points.length).toBeLessThanOrEqual(10);
    expect(found.points.every((point) => point.name.startsWith("KRA") && point.address.includes("Kraków"))).toBe(true);
    const distances = found.points.map((point) => point.distanceMetres!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(found.points.some((point) => point.open247)).toBe(true);
    expect(found.points.some((point) => point.description)).toBe(true);
  });

  it("finds lockers by town, and says when there are none", async () => {
    const directory = createInpostPointsClient({ pointsUrl: standIn.url });
    const byTown = await searchLockers(directory, "Szczecin");
    expect(byTown.status === "found" && byTown.points.every((point) => point.name.startsWith("SZC"))).toBe(true);
    expect(await searchLockers(directory, "99-999")).toEqual({ status: "none", query: "99-999" });
    expect(await searchLockers(directory, " ")).toEqual({ status: "missing" });
  });

  it("finds a town typed in Ukrainian, Russian or without its letters, a locker's name, a postcode with its town either way, and a street", async () => {
    const directory = createInpostPointsClient({ pointsUrl: standIn.url });
    const names = async (typed: string) => {
      const found = await searchLockers(directory, typed);
      return found.status === "found" ? found.points.map((point) => point.name) : found.status;
    };
    for (const typed of ["Краків", "Краков", "krakow", "KRAKÓW", "31-042 Kraków", "Kraków 31-042", "31042 Краків"]) {
      const found = await names(typed);
      expect(Array.isArray(found) && found.length > 3 && found.every((name) => name.startsWith("KRA")), typed).toBe(true);
    }
    const warsaw = await names("Варшава");
    expect(Array.isArray(warsaw) && warsaw.every((name) => name.startsWith("WAW"))).toBe(true);
    expect(await names("kra 14")).toEqual(["KRA14"]);
    expect(await names("KRA999")).toBe("none");
    // The street's lockers first: the stand-in's Kraków lockers stand on Floriańska, Długa, Karmelicka…
    expect((await names("ul. Karmelicka, Kraków")) as string[]).toHaveProperty("0", "KRA18M");
    expect(await searchLockers(directory, "Kraków  31042")).toMatchObject({ status: "found", query: "Kraków 31-042" });
  });

  it("is unavailable when down or slower than its timeout; a typed name is then kept unchecked, and an unknown one refused otherwise", async () => {
    const directory = createInpostPointsClient({ pointsUrl: standIn.url });
    // Answers later than the site's 3 s (INPOST_POINTS_TIMEOUT_MS), to a client that gives up after half a second.
    const impatient = createInpostPointsClient({ pointsUrl: standIn.url }, { timeoutMs: 500 });
    await standIn.control({ pointsDelayMs: 3500 });
    expect(await searchLockers(impatient, "31-042")).toEqual({ status: "unavailable", query: "31-042" });
    expect(await checkedDelivery(impatient, { method: "locker", point: "KRA999", address: null })).toEqual({
      ok: true,
      delivery: { method: "locker", point: "KRA999", address: null },
    });
    await standIn.control({ pointsDelayMs: 0, pointsDown: true });
    expect((await searchLockers(directory, "31-042")).status).toBe("unavailable");
    await standIn.control({ pointsDown: false });
    expect(await checkedDelivery(directory, { method: "locker", point: "KRA999", address: null })).toEqual({ ok: false });
    const known = await checkedDelivery(directory, { method: "locker", point: "KRA10", address: null });
    expect(known.ok && known.delivery.method === "locker" && known.delivery.address).toMatch(/Floriańska \d+, 31-\d{3} Kraków/);
    // Where it stands and its hours come with it, for the customer's order page.
    expect(known.ok && known.delivery.method === "locker" && typeof known.delivery.open247).toBe("boolean");
    expect(known.ok && known.delivery.method === "locker" && known.delivery.description !== undefined).toBe(true);
    // Lockers not offered: the courier.
    expect(await checkedDelivery(null, { method: "locker", point: "KRA10", address: null })).toEqual({
      ok: true,
      delivery: { method: "courier" },
    });
  });
});

describe("the Points API's answers, taken only in their documented shape and size", () => {
  it("drops a locker whose name or street is no locker's, shortens a 200 KB description, and keeps no markup", async () => {
    await standIn.control({ hostilePoints: true });
    const found = await searchLockers(createInpostPointsClient({ pointsUrl: standIn.url }), "31-042");
    expect(found.status).toBe("found");
    if (found.status !== "found") return;
    // Of the three hostile ones, only the one with the long description remains, its description cut.
    expect(found.points.length).toBeGreaterThan(3);
    for (const point of found.points) {
      expect(point.name).toMatch(/^[A-Z]{3}\d{1,4}[A-Z]{0,3}$/);
      expect(point.address.length).toBeLessThanOrEqual(200);
      expect(point.description?.length ?? 0).toBeLessThanOrEqual(160);
      expect([...`${point.name} ${point.address} ${point.description ?? ""}`].filter(isInvisible)).toEqual([]);
      expect(`${point.address} ${point.description ?? ""}`).not.toMatch(/[<>]/);
    }
    expect(found.points.some((point) => point.description?.startsWith("alert(1) Opis Opis"))).toBe(true);
    // What the search page carries of them stays small.
    expect(JSON.stringify(found.points).length).toBeLessThan(5_000);
  });

  it("a chosen locker whose answer is not its own is kept as typed, unchecked, never with InPost's odd name", async () => {
    await standIn.control({ hostilePoints: true });
    expect(
      await checkedDelivery(createInpostPointsClient({ pointsUrl: standIn.url }), { method: "locker", point: "KRA10", address: null }),
    ).toEqual({
      ok: true,
      delivery: { method: "locker", point: "KRA10", address: null },
    });
  });

  it("an answer of 8 MB is cut at the limit: the search is unavailable, as when the API is down", async () => {
    await standIn.control({ answerBytes: 8 * 1024 * 1024 });
    expect(await searchLockers(createInpostPointsClient({ pointsUrl: standIn.url }), "31-042")).toEqual({
      status: "unavailable",
      query: "31-042",
    });
  });
});

describe("the webhook's request", () => {
  /** A body of `bytes`, sent a chunk at a time as a slow client would: `pulled()` is how much of it was read so far. */
  function streamed(bytes: number) {
    const chunk = new TextEncoder().encode(`{"event":"shipment_confirmed","payload":{"shipment_id":1},"pad":"${"x".repeat(64 * 1024)}`);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await new Promise((resolve) => setImmediate(resolve));
          if (pulled >= bytes) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://site.invalid/shipping/inpost/webhook", { method: "POST", body, duplex: "half" } as RequestInit);
    return { request, pulled: () => pulled };
  }

  it("refuses a source outside INPOST_WEBHOOK_ALLOW before reading its body", async () => {
    const big = streamed(2 * 1024 * 1024);
    const answer = await readWebhookPost(big.request, "203.0.113.9", ["91.216.25.0/24"]);
    const pulledThen = big.pulled();
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(403);
    expect(pulledThen).toBeLessThanOrEqual(70 * 1024);
  });

  it("reads an allowed source's body through the 64 KiB limit: 413 past it, without a declared length", async () => {
    const big = streamed(2 * 1024 * 1024);
    const answer = await readWebhookPost(big.request, "91.216.25.17", ["91.216.25.0/24"]);
    expect((answer as Response).status).toBe(413);
    expect(big.pulled()).toBeLessThanOrEqual(2 * 70 * 1024);
    const small = new Request("http://site.invalid/", { method: "POST", body: JSON.stringify({ event: "shipment_confirmed" }) });
    expect(await readWebhookPost(small, "91.216.25.17", ["91.216.25.0/24"])).toEqual({ body: { event: "shipment_confirmed" } });
    const notJson = new Request("http://site.invalid/", { method: "POST", body: "<xml/>" });
    expect(await readWebhookPost(notJson, "203.0.113.9", [])).toEqual({ body: null });
  });
});

describe("the webhook's source list", () => {
  it("takes any source when empty, else the listed addresses and IPv4 blocks only", () => {
    expect(addressAllowed("203.0.113.9", [])).toBe(true);
    expect(addressAllowed("91.216.25.17", ["91.216.25.0/24"])).toBe(true);
    expect(addressAllowed("::ffff:91.216.25.17", ["91.216.25.0/24"])).toBe(true);
    expect(addressAllowed("91.216.26.17", ["91.216.25.0/24"])).toBe(false);
    expect(addressAllowed("127.0.0.1", ["91.216.25.0/24", "127.0.0.1"])).toBe(true);
  });
});

describe.each(DIALECTS)("shipping on %s", (dialect) => {
  let db: AppDatabase;
  let counter = 0;
  // A stand-in of its own: both databases number their orders alike, and the number is ShipX's reference.
  let standIn: Awaited<ReturnType<typeof startInpostStandIn>>;
  beforeAll(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    standIn = await startInpostStandIn();
  });
  afterAll(async () => {
    await db.destroy();
    await standIn.stop();
  });
  beforeEach(() => standIn.control({ confirmDelayMs: 50, createAnswer: null, down: false, ...FAIR }));
  const carrier = () => createShipxClient({ apiUrl: standIn.url, token: TEST_INPOST.token, organizationId: TEST_INPOST.organizationId });

  async function paidOrder(
    details: Parameters<typeof placeSampleOrder>[2] extends infer O ? (O extends { details?: infer D } ? D : never) : never = {},
  ) {
    counter += 1;
    const { order } = await placeSampleOrder(db, T0, { details, idempotencyKey: `${dialect}-ship-${counter}` });
    await applyTransition(db, order.id, { transition: "mark_paid", paidAt: T0.toISOString() }, "op@example.com", T0);
    return order;
  }
  const orderRow = (id: number) => db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const shipmentsOf = async (reference: string) => (await standIn.shipments()).shipments.filter((each) => each.reference === reference);

  const dispatchMails = (orderId: number) =>
    db.selectFrom("outbox").select("kind").where("order_id", "=", orderId).where("kind", "=", "order_dispatched").execute();

  it("ships a locker order: one shipment to the point, confirmed with InPost's tracking number and a label PDF, dispatched only once InPost has it", async () => {
    const order = await paidOrder({ delivery: { method: "locker", point: "KRA10", address: "Floriańska 3, 31-042 Kraków" } });
    const outcome = await shipOrder(db, carrier(), order.id, "op@example.com", () => T0, FAST);
    expect(outcome.ok).toBe(true);
    const row = await orderRow(order.id);
    // A label is not a dispatch: the envelope is still ours, the customer is told nothing yet.
    expect([row.status, row.dispatched_at, row.shipment_status]).toEqual(["paid", null, "confirmed"]);
    expect(row.courier).toBe("InPost");
    expect(row.tracking_number).toMatch(/^\d{24}$/);
    const [made] = await shipmentsOf(order.number);
    expect(made).toMatchObject({ service: "inpost_locker_standard", custom_attributes: { target_point: "KRA10" } });
    expect(await dispatchMails(order.id)).toHaveLength(0);
    const pdf = Buffer.from(await carrier().labels([row.shipment_id!]));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Pressed again: the same shipment, nothing new.
    expect(await shipOrder(db, carrier(), order.id, "op@example.com", () => T0, FAST)).toMatchObject({ ok: true, alreadyMade: true });
    expect(await shipmentsOf(order.number)).toHaveLength(1);

    // InPost's courier collects it: from that read the order is dispatched, dated then, and the customer e-mailed once.
    await standIn.moveStatus(row.shipment_id!, "collected_from_sender");
    const collectedAt = new Date(T0.getTime() + 31 * 60_000);
    await pollShipments(db, carrier(), collectedAt);
    const collected = await orderRow(order.id);
    expect([collected.status, collected.dispatched_at, collected.tracking_number]).toEqual([
      "dispatched",
      collectedAt.toISOString(),
      row.tracking_number,
    ]);
    expect(await dispatchMails(order.id)).toHaveLength(1);
  });

  it("a later status read first (the parcel dropped into a locker, or already in a branch) dispatches the order too; a cancelled label never does", async () => {
    for (const status of ["dispatched_by_sender", "adopted_at_source_branch"]) {
      const order = await paidOrder();
      await shipOrder(db, carrier(), order.id, "op", () => T0, FAST);
      await standIn.moveStatus((await orderRow(order.id)).shipment_id!, status);
      await pollShipments(db, carrier(), new Date(T0.getTime() + 31 * 60_000));
      expect((await orderRow(order.id)).status, status).toBe("dispatched");
    }
    const cancelled = await paidOrder();
    await shipOrder(db, carrier(), cancelled.id, "op", () => T0, FAST);
    await standIn.moveStatus((await orderRow(cancelled.id)).shipment_id!, "canceled");
    await pollShipments(db, carrier(), new Date(T0.getTime() + 31 * 60_000));
    expect([(await orderRow(cancelled.id)).status, (await dispatchMails(cancelled.id)).length]).toEqual(["paid", 0]);
  });

  it("ships a courier order to the mailing address, and gives several labels as one PDF", async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    for (const order of [first, second]) expect((await shipOrder(db, carrier(), order.id, "op", () => T0, FAST)).ok).toBe(true);
    const [made] = await shipmentsOf(first.number);
    expect(made!.service).toBe("inpost_courier_standard");
    const ids = await Promise.all([first, second].map(async (order) => (await orderRow(order.id)).shipment_id!));
    const pdf = Buffer.from(await carrier().labels(ids));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(2);
  });

  it("a lost answer to create, then a retry: the shipment is found by reference, never made twice", async () => {
    const order = await paidOrder({ delivery: { method: "locker", point: "WAW10", address: null } });
    await standIn.control({ createAnswer: "lost" });
    expect(await shipOrder(db, carrier(), order.id, "op", () => T0, FAST)).toEqual({ ok: false, reason: "unavailable" });
    expect((await orderRow(order.id)).shipment_status).toBe(SHIPMENT_REQUESTED);
    await standIn.control({ createAnswer: null });
    expect((await shipOrder(db, carrier(), order.id, "op", () => T0, FAST)).ok).toBe(true);
    expect(await shipmentsOf(order.number)).toHaveLength(1);
  });

  it("two presses of one order at once: only the one that claimed it asks InPost, the other is told it is being shipped", async () => {
    const order = await paidOrder({ delivery: { method: "locker", point: "KRA10", address: "Floriańska 3, 31-042 Kraków" } });
    const real = carrier();
    const asked: string[] = [];
    const counting: ShippingCarrier = {
      ...real,
      findByReference: (reference) => (asked.push("find"), real.findByReference(reference)),
      create: (request) => (asked.push("create"), real.create(request)),
    };
    const outcomes = await Promise.all([1, 2].map(() => shipOrder(db, counting, order.id, "op", () => T0, FAST)));
    // One made the shipment; the other was told it is being made, or, once its id was stored, only read it.
    expect(outcomes.some((outcome) => outcome.ok)).toBe(true);
    for (const outcome of outcomes) expect(outcome.ok ? "shipped" : outcome.reason).toMatch(/^(shipped|in-progress)$/);
    expect(asked).toEqual(["find", "create"]);
    expect(await shipmentsOf(order.number)).toHaveLength(1);
    // Pressed again once it is done: the same shipment.
    expect(await shipOrder(db, counting, order.id, "op", () => T0, FAST)).toMatchObject({ ok: true, alreadyMade: true });
  });

  it("a claim a crash left behind lapses: a press within it waits, one after it finds the shipment by reference", async () => {
    const order = await paidOrder();
    // A press that created the shipment and was killed before it stored the answer.
    await db
      .updateTable("orders")
      .set({ shipment_status: SHIPMENT_REQUESTED, shipment_checked_at: T0.toISOString() })
      .where("id", "=", order.id)
      .execute();
    await carrier().create({
      reference: order.number,
      receiver: { name: "Jan Kowalski", email: "jan@example.com", phone: "600100200", address: null },
      targetPoint: "KRA10",
    });
    const soon = new Date(T0.getTime() + SHIP_CLAIM_MS / 2);
    expect(await shipOrder(db, carrier(), order.id, "op", () => soon, FAST)).toEqual({ ok: false, reason: "in-progress" });
    const after = new Date(T0.getTime() + SHIP_CLAIM_MS + 1000);
    expect(await shipOrder(db, carrier(), order.id, "op", () => after, FAST)).toMatchObject({ ok: true });
    expect(await shipmentsOf(order.number)).toHaveLength(1);
  });

  it("an order the customer withdrew from is never shipped, and InPost is not asked", async () => {
    const order = await paidOrder();
    await db.updateTable("orders").set({ withdrawn_at: T0.toISOString() }).where("id", "=", order.id).execute();
    expect(await shipOrder(db, carrier(), order.id, "op", () => T0, FAST)).toEqual({ ok: false, reason: "withdrawn" });
    const row = await orderRow(order.id);
    expect([row.status, row.shipment_status]).toEqual(["paid", null]);
    expect(await shipmentsOf(order.number)).toHaveLength(0);
  });

  it("the day's batch lists every paid order ready to ship, and why the others wait; it ships only the chosen ready ones", async () => {
    await db.updateTable("orders").set({ status: "dispatched" }).where("status", "=", "paid").execute();
    const ready = await paidOrder({ delivery: { method: "locker", point: "KRA10", address: "Floriańska 3, 31-042 Kraków" } });
    const courier = await paidOrder();
    const inPeriod = await paidOrder({ immediatePerformanceRequested: false });
    const unchecked = await paidOrder({ delivery: { method: "locker", point: "KRA14", address: null } });
    const withdrawn = await paidOrder();
    await db.updateTable("orders").set({ withdrawn_at: T0.toISOString() }).where("id", "=", withdrawn.id).execute();

    const now = new Date(T0.getTime() + 86_400_000);
    const candidates = await dispatchCandidates(db, now);
    expect(candidates.ready.map((order) => order.id).sort()).toEqual([ready.id, courier.id].sort());
    expect(candidates.waiting.map((order) => [order.id, order.waiting?.reason])).toEqual(
      expect.arrayContaining([
        [inPeriod.id, "withdrawal-period"],
        [unchecked.id, "locker-unchecked"],
      ]),
    );
    expect([...candidates.ready, ...candidates.waiting].map((order) => order.id)).not.toContain(withdrawn.id);
    // After the withdrawal period (14 days from the order), the order without the early start is ready too.
    const later = await dispatchCandidates(db, new Date(T0.getTime() + 16 * 86_400_000));
    expect(later.ready.map((order) => order.id)).toContain(inPeriod.id);

    const results = await shipChosenOrders(db, carrier(), [ready.id, inPeriod.id, withdrawn.id], "op", () => now, FAST);
    expect(results.map(({ id, outcome }) => [id, outcome.ok ? "shipped" : outcome.reason])).toEqual([
      [ready.id, "shipped"],
      [inPeriod.id, "not-ready"],
      [withdrawn.id, "not-ready"],
    ]);
    expect((await orderRow(courier.id)).status).toBe("paid");
    for (const order of [inPeriod, withdrawn]) expect(await shipmentsOf(order.number)).toHaveLength(0);
    // Its label made, it waits for InPost to collect it, and is offered no second time.
    const afterwards = await dispatchCandidates(db, now);
    expect(afterwards.waiting.find((order) => order.id === ready.id)?.waiting).toEqual({ reason: "awaiting-pickup" });
    expect(afterwards.ready.map((order) => order.id)).not.toContain(ready.id);
    // Sent again (the page reloaded): the same shipment, nothing new.
    const again = await shipChosenOrders(db, carrier(), [ready.id], "op", () => now, FAST);
    expect(again[0]?.outcome).toMatchObject({ ok: true, alreadyMade: true });
    expect(await shipmentsOf(ready.number)).toHaveLength(1);
  });

  it("housekeeping finds a shipment whose answer was never stored (a crash), and dispatches it once InPost has it", async () => {
    const order = await paidOrder();
    await standIn.control({ createAnswer: "lost" });
    await shipOrder(db, carrier(), order.id, "op", () => T0, FAST);
    await standIn.control({ createAnswer: null });
    // ShipX confirms asynchronously: wait for that, as the next housekeeping pass would.
    await expect.poll(async () => (await shipmentsOf(order.number)).map((each) => each.status)).toEqual(["confirmed"]);
    expect(await pollShipments(db, carrier(), new Date(T0.getTime() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    const row = await orderRow(order.id);
    expect([row.status, row.tracking_number]).toEqual(["paid", expect.stringMatching(/^\d{24}$/)]);
    await standIn.moveStatus(row.shipment_id!, "taken_by_courier");
    await pollShipments(db, carrier(), new Date(T0.getTime() + 62 * 60_000));
    expect((await orderRow(order.id)).status).toBe("dispatched");
    expect(await shipmentsOf(order.number)).toHaveLength(1);
  });

  it("ShipX refusing the data: InPost's message, and the order as before", async () => {
    const order = await paidOrder({ phone: "+48 12 34" });
    const outcome = await shipOrder(db, carrier(), order.id, "op", () => T0, FAST);
    expect(outcome).toMatchObject({ ok: false, reason: "refused" });
    if (outcome.ok || outcome.reason !== "refused") return;
    expect(outcome.refusal.code).toBe("validation_failed");
    expect(outcome.refusal.details).toContain("phone");
    const row = await orderRow(order.id);
    expect([row.status, row.shipment_id, row.shipment_status]).toEqual(["paid", null, null]);
  });

  it("ShipX down: unavailable, and no shipment", async () => {
    const order = await paidOrder();
    await standIn.control({ down: true });
    expect(await shipOrder(db, carrier(), order.id, "op", () => T0, FAST)).toEqual({ ok: false, reason: "unavailable" });
    await standIn.control({ down: false });
    expect(await shipmentsOf(order.number)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe("paid");
  });

  it("an unpaid order is not shipped", async () => {
    counter += 1;
    const { order } = await placeSampleOrder(db, T0, { idempotencyKey: `${dialect}-unpaid-${counter}` });
    expect(await shipOrder(db, carrier(), order.id, "op", () => T0, FAST)).toEqual({ ok: false, reason: "not-paid" });
    expect(await shipmentsOf(order.number)).toHaveLength(0);
  });

  const notice = (shipmentId: string, status = "delivered") => ({
    event: "shipment_status_changed",
    organization_id: Number(TEST_INPOST.organizationId),
    payload: { shipment_id: Number(shipmentId), status, tracking_number: "1" },
  });
  /** The real adapter, with its reads of one shipment counted. */
  const countingCarrier = () => {
    const real = carrier();
    const counted = { reads: 0, carrier: { ...real, shipment: (id: string) => ((counted.reads += 1), real.shipment(id)) } };
    return counted;
  };
  /** A paid order whose label is made: InPost has not collected it yet. */
  const labelledOrder = async () => {
    const order = await paidOrder();
    await shipOrder(db, carrier(), order.id, "op", () => T0, FAST);
    return { order, shipmentId: (await orderRow(order.id)).shipment_id! };
  };
  /** A dispatched order: its label made and the parcel collected by InPost's courier. */
  const shippedOrder = async () => {
    const labelled = await labelledOrder();
    await standIn.moveStatus(labelled.shipmentId, "collected_from_sender");
    await pollShipments(db, carrier(), new Date(T0.getTime() + 31 * 60_000));
    return labelled;
  };

  /** The webhook's reads run when the test says: each waits in line for its window, then runs to its end. */
  function webhookWith(carrier: ShippingCarrier) {
    const due: Array<() => void> = [];
    const handle = createWebhookHandler(db, carrier, { timer: (_ms, run) => void due.push(run) });
    return {
      handle,
      waiting: () => due.length,
      /** Every read that is due, and each read that a failure schedules again, until none is left. */
      async readAll() {
        while (due.length > 0) {
          due.shift()!();
          await handle.idle();
        }
      },
    };
  }

  it("a webhook is a hint: ShipX is read after the answer, and only what it says is stored; unknown ids cost nothing", async () => {
    const { order, shipmentId } = await shippedOrder();
    const counted = countingCarrier();
    const webhook = webhookWith(counted.carrier);

    // The body says delivered; ShipX says it is not: nothing changes.
    expect(await webhook.handle(notice(shipmentId))).toEqual({ status: 200, outcome: "scheduled" });
    await webhook.readAll();
    expect((await orderRow(order.id)).delivered_at).toBeNull();

    // A shipment of another organisation, one we never made, and a body without an id: no read at all.
    const foreign = await standIn.foreignShipment(order.number);
    expect(await webhook.handle(notice(foreign))).toEqual({ status: 200, outcome: "unknown" });
    expect(await webhook.handle({ event: "shipment_status_changed", payload: {} })).toEqual({ status: 400, outcome: "unreadable" });
    expect(webhook.waiting()).toBe(0);
    expect(counted.reads).toBe(1);
  });

  it("InPost's notice that its courier collected the parcel dispatches the order, read from ShipX, with the customer's e-mail", async () => {
    const { order, shipmentId } = await labelledOrder();
    const webhook = webhookWith(carrier());
    await standIn.moveStatus(shipmentId, "collected_from_sender");
    expect(await webhook.handle(notice(shipmentId, "collected_from_sender"))).toMatchObject({ status: 200, outcome: "scheduled" });
    expect((await orderRow(order.id)).status).toBe("paid");
    await webhook.readAll();
    expect((await orderRow(order.id)).status).toBe("dispatched");
    expect(await dispatchMails(order.id)).toHaveLength(1);
  });

  it("a second notification within the throttle window is not dropped: one read at the window's end stores delivered", async () => {
    const { order, shipmentId } = await shippedOrder();
    const counted = countingCarrier();
    const webhook = webhookWith(counted.carrier);
    expect(await webhook.handle(notice(shipmentId, "out_for_delivery"))).toMatchObject({ status: 200 });
    await webhook.readAll();
    // Delivered within the window of that read, and InPost tells us several times.
    await standIn.moveStatus(shipmentId, "delivered");
    for (let i = 0; i < 5; i++) expect(await webhook.handle(notice(shipmentId))).toMatchObject({ status: 200 });
    expect(webhook.waiting()).toBe(1);
    await webhook.readAll();
    const row = await orderRow(order.id);
    expect([row.shipment_status, row.delivered_at !== null]).toEqual(["delivered", true]);
    // Six notifications, two reads: the first, and one at the end of its window.
    expect(counted.reads).toBe(2);
  });

  it("while ShipX fails, our shipment's notification answers as an unknown one does, and is read again under the throttle only", async () => {
    const { order, shipmentId } = await shippedOrder();
    const counted = countingCarrier();
    const webhook = webhookWith(counted.carrier);
    const foreign = await standIn.foreignShipment(order.number);
    await standIn.control({ down: true });
    try {
      for (let i = 0; i < 20; i++) {
        const ours = await webhook.handle(notice(shipmentId));
        const unknown = await webhook.handle(notice(foreign));
        expect(ours.status).toBe(unknown.status);
      }
      // Nothing was asked of ShipX while the caller waited for its answers.
      expect(counted.reads).toBe(0);
      await webhook.readAll();
    } finally {
      await standIn.control({ down: false });
    }
    // The first read and its retries, each in a window of its own: not one per notification.
    expect(counted.reads).toBe(1 + WEBHOOK_READ_RETRIES);
    expect((await orderRow(order.id)).status).toBe("dispatched");
  });

  it("a tracking number with NUL, or of 5 KB, is never stored; housekeeping reads the other shipments past it", async () => {
    const fine = await paidOrder();
    await shipOrder(db, carrier(), fine.id, "op", () => T0, FAST);
    const { shipment_id: fineId } = await orderRow(fine.id);
    for (const hostile of ["6200000\u000012345", "6".repeat(5000)]) {
      await standIn.control({ trackingNumber: hostile });
      const order = await paidOrder();
      expect(await shipOrder(db, carrier(), order.id, "op", () => T0, FAST)).toEqual({ ok: false, reason: "unavailable" });
      const row = await orderRow(order.id);
      expect([row.status, row.tracking_number]).toEqual(["paid", null]);
      // Its shipment is read first by the next pass, and refused there too.
      const early = new Date(T0.getTime() - 60 * 60_000).toISOString();
      await db.updateTable("orders").set({ shipment_checked_at: early }).where("id", "=", order.id).execute();
    }
    await standIn.moveStatus(fineId!, "delivered");
    const at = new Date(T0.getTime() + 31 * 60_000);
    await pollShipments(db, carrier(), at);
    expect((await orderRow(fine.id)).delivered_at).toBe(at.toISOString());
    const refused = await db.selectFrom("orders").select(["status", "tracking_number"]).where("tracking_number", "like", "6%").execute();
    expect(refused.every((row) => row.tracking_number!.length === 24)).toBe(true);
  });

  it("housekeeping reads open shipments again and stores delivered", async () => {
    const order = await paidOrder();
    await shipOrder(db, carrier(), order.id, "op", () => T0, FAST);
    const { shipment_id: id } = await orderRow(order.id);
    await standIn.moveStatus(id!, "delivered");
    const at = new Date(T0.getTime() + 31 * 60_000);
    await pollShipments(db, carrier(), at);
    expect((await orderRow(order.id)).delivered_at).toBe(at.toISOString());
  });
});

describe("the adapter's errors", () => {
  it("a wrong token is InPost's refusal; an unreachable ShipX is unavailable", async () => {
    const wrong = createShipxClient({ apiUrl: standIn.url, token: "wrong", organizationId: TEST_INPOST.organizationId });
    await expect(wrong.findByReference("X")).rejects.toMatchObject({ status: 401, code: "token_invalid" });
    const away = createShipxClient({ apiUrl: "http://127.0.0.1:9", token: "t", organizationId: "1" });
    await expect(away.findByReference("X")).rejects.toBeInstanceOf(ShippingUnavailableError);
  });

  it("both clients take an injected fetch: every call goes through it, and one that times out is unavailable", async () => {
    const seen: string[] = [];
    const recording: typeof fetch = (input, init) => {
      seen.push(`${init?.method ?? "GET"} ${String(input).replace(standIn.url, "")}`);
      return fetch(input, init);
    };
    const carrier = createShipxClient(
      { apiUrl: standIn.url, token: TEST_INPOST.token, organizationId: TEST_INPOST.organizationId },
      { fetch: recording },
    );
    expect(await carrier.findByReference("AE-2026-999999")).toBeNull();
    expect(await createInpostPointsClient({ pointsUrl: standIn.url }, { fetch: recording }).byName("KRA10")).toMatchObject({
      name: "KRA10",
    });
    expect(seen).toEqual([
      `GET /v1/organizations/${TEST_INPOST.organizationId}/shipments?reference=AE-2026-999999`,
      "GET /v1/points/KRA10",
    ]);

    const timedOut: typeof fetch = () => Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    await expect(createInpostPointsClient({ pointsUrl: standIn.url }, { fetch: timedOut }).nearest("31-042", 5)).rejects.toThrow(
      /unavailable \(points\).*timeout/,
    );
    await expect(
      createShipxClient({ apiUrl: standIn.url, token: "t", organizationId: "1" }, { fetch: timedOut }).shipment("1"),
    ).rejects.toBeInstanceOf(ShippingUnavailableError);
  });
});
