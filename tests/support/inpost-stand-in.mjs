#!/usr/bin/env node
// A stand-in for InPost's ShipX API and Points API, on 127.0.0.1 only, for the tests and for
// `npm run dev:shipping`. It answers the paths, fields and status codes of InPost's published
// documentation (docs/decisions/048 says what came from it and what this file assumes):
//   Points API (no token):
//   GET  /v1/points?type=parcel_locker&relative_post_code=NN-NNN&sort_by=distance_to_relative_point&max_distance=&per_page=
//        or ?city=Kraków -> 200 {href, count, page, per_page, total_pages, items: [{name, type, status,
//        location: {latitude, longitude}, location_description, address: {line1, line2},
//        address_details: {city, province, post_code, street, building_number, flat_number}, location_247, distance}]}
//   GET  /v1/points/{name} -> 200 the point, 404 {status, error: "resource_not_found", message}
//   ShipX (Authorization: Bearer <token>, else 401 {status, error: "token_invalid", message}):
//   POST /v1/organizations/{id}/shipments -> 201 the shipment {id, status: "created", tracking_number: null, reference,
//        service, custom_attributes, receiver, parcels, created_at}; 400 {status, error: "validation_failed", message,
//        details}; confirmed (tracking_number set) asynchronously, `confirmDelayMs` later
//   GET  /v1/organizations/{id}/shipments?reference=X -> 200 {href, count, page, per_page, items}
//   GET  /v1/shipments/{id} -> 200 the shipment; 404 for another organisation's or an unknown one
//   GET  /v1/shipments/{id}/label?format=pdf&type=A6 -> 200 application/pdf; 400 "invalid_action" before confirmed
//   GET  /v1/organizations/{id}/shipments/labels?format=pdf&type=A6&shipment_ids[]=… -> one PDF, a page per label
//   Webhooks: a status change is POSTed to INPOST_WEBHOOK_URL (when set) as
//        {event_ts, event: "shipment_status_changed", organization_id, payload: {shipment_id, status, tracking_number}}
// Control endpoints (for tests):
//   POST /__control {pointsDelayMs?, pointsDown?, confirmDelayMs?, createAnswer?: 500 | "lost" | null, down?,
//        hostilePoints?, trackingNumber?, answerBytes?}
//        ("lost": the shipment is made, but the answer is a 500, as when it is lost on the way back; `down`: every
//        ShipX call answers 503; the rest make the answers hostile, as a compromised or broken provider would:
//        `hostilePoints` gives the first lockers of a list a 240-character name with markup and U+202E, a 200 KB
//        location_description and a 5 KB street; `trackingNumber` is what confirmed shipments carry instead of
//        InPost's number; `answerBytes` sends every JSON answer padded to that many bytes, streamed)
//   POST /__status {id, status}   moves a shipment (and posts the webhook)
//   POST /__foreign {reference?}  a shipment of another organisation; answers {id}
//   GET  /__shipments             {shipments, creates}
//   GET  /__health
// Configuration: INPOST_STAND_IN_PORT (default E2E_PORT + 6, else 3106), INPOST_API_TOKEN, INPOST_ORGANIZATION_ID.
import { createServer } from "node:http";
import PDFDocument from "pdfkit";

const port = Number(process.env.INPOST_STAND_IN_PORT ?? (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 6 : 3106));
const token = process.env.INPOST_API_TOKEN || "stand-in-shipx-token";
const organizationId = process.env.INPOST_ORGANIZATION_ID || "1234";
const webhookUrl = process.env.INPOST_WEBHOOK_URL || null;

/** Towns the stand-in knows, each a few lockers around its centre. */
const TOWNS = [
  {
    code: "KRA",
    city: "Kraków",
    province: "małopolskie",
    postCode: "31-042",
    lat: 50.0614,
    lon: 19.9366,
    streets: ["Floriańska", "Długa", "Karmelicka", "Dietla", "Starowiślna", "Grzegórzecka", "Kalwaryjska", "Lubicz"],
  },
  {
    code: "WAW",
    city: "Warszawa",
    province: "mazowieckie",
    postCode: "00-001",
    lat: 52.2297,
    lon: 21.0122,
    streets: ["Marszałkowska", "Puławska", "Grójecka", "Targowa", "Nowy Świat", "Hoża", "Wilcza", "Złota"],
  },
  {
    code: "SZC",
    city: "Szczecin",
    province: "zachodniopomorskie",
    postCode: "70-100",
    lat: 53.4285,
    lon: 14.5528,
    streets: ["Wojska Polskiego", "Krzywoustego", "Jagiellońska", "Niepodległości", "Kaszubska", "Monte Cassino", "Pocztowa"],
  },
  {
    code: "POZ",
    city: "Poznań",
    province: "wielkopolskie",
    postCode: "61-001",
    lat: 52.4064,
    lon: 16.9252,
    streets: ["Półwiejska", "Głogowska", "Dąbrowskiego", "Święty Marcin", "Garbary", "Grunwaldzka"],
  },
  {
    code: "GDA",
    city: "Gdańsk",
    province: "pomorskie",
    postCode: "80-001",
    lat: 54.352,
    lon: 18.6466,
    streets: ["Grunwaldzka", "Długa", "Elbląska", "Kartuska", "Podwale Staromiejskie", "Hallera"],
  },
];
const DESCRIPTIONS = [
  "Przy wejściu do sklepu Żabka",
  "Obok stacji paliw",
  "Na parkingu marketu",
  "Przy klatce schodowej",
  "W pasażu handlowym",
  null,
];

const points = TOWNS.flatMap((town, townIndex) =>
  town.streets.map((street, index) => {
    const angle = (index * 2.4 + townIndex) % (2 * Math.PI);
    const radius = 0.004 + index * 0.003;
    const latitude = town.lat + radius * Math.cos(angle);
    const longitude = town.lon + radius * 1.6 * Math.sin(angle);
    const building = String(3 + ((index * 7 + townIndex * 3) % 60));
    const postCode = `${town.postCode.slice(0, 3)}${String(Number(town.postCode.slice(3)) + index * 11).padStart(3, "0")}`;
    return {
      name: `${town.code}${String(10 + index * 4).padStart(2, "0")}${index % 3 === 2 ? "M" : ""}`,
      type: ["parcel_locker"],
      status: "Operating",
      location: { latitude, longitude },
      location_type: index % 2 ? "Indoor" : "Outdoor",
      location_description: DESCRIPTIONS[index % DESCRIPTIONS.length],
      location_247: index % 4 !== 3,
      opening_hours: index % 4 !== 3 ? "24/7" : "Pn-Sb 6-22",
      address: { line1: `${street} ${building}`, line2: `${postCode} ${town.city}` },
      address_details: {
        city: town.city,
        province: town.province,
        post_code: postCode,
        street,
        building_number: building,
        flat_number: null,
      },
    };
  }),
);

function metresBetween(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
}

const control = {
  pointsDelayMs: 0,
  pointsDown: false,
  confirmDelayMs: 200,
  createAnswer: null,
  down: false,
  hostilePoints: false,
  trackingNumber: null,
  answerBytes: null,
};
const shipments = new Map();
let nextId = 7_000_001;
let creates = 0;

function send(response, status, body, headers = {}) {
  if (control.answerBytes && status < 300 && response.req.url.startsWith("/v1/"))
    return sendPadded(response, status, body, control.answerBytes);
  const text = JSON.stringify(body);
  response.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** The answer with a `padding` field of `bytes` spaces, streamed without a declared length, as long as the client reads. */
function sendPadded(response, status, body, bytes) {
  response.writeHead(status, { "Content-Type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, " ");
  let left = bytes;
  response.write(`${JSON.stringify(body).slice(0, -1)},"padding":"`);
  const pump = () => {
    while (left > 0 && !response.destroyed) {
      left -= chunk.length;
      if (!response.write(chunk)) return void response.once("drain", pump);
    }
    if (!response.destroyed) response.end('"}');
  };
  pump();
}
const problem = (response, status, error, message, details) =>
  send(response, status, { status, error, message, ...(details ? { details } : {}) });

async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
  } catch {
    return null;
  }
}

function pointsList(response, query) {
  const perPage = Math.min(Number(query.get("per_page") || 25), 500);
  let items = points.filter((point) => !query.get("type") || point.type.includes(query.get("type")));
  const postCode = query.get("relative_post_code");
  const city = query.get("city");
  if (postCode) {
    const town = TOWNS.find((each) => each.postCode.slice(0, 2) === postCode.slice(0, 2));
    if (!town) items = [];
    else {
      const origin = { latitude: town.lat, longitude: town.lon };
      const maxDistance = Number(query.get("max_distance") || Infinity);
      items = items
        .map((point) => ({ ...point, distance: metresBetween(origin, point.location) }))
        .filter((point) => point.distance <= maxDistance)
        .sort((a, b) => a.distance - b.distance);
    }
  } else if (city) {
    const wanted = city.trim().toLocaleLowerCase("pl");
    items = items.filter((point) => point.address_details.city.toLocaleLowerCase("pl") === wanted);
  }
  const page = items.slice(0, perPage);
  if (control.hostilePoints) page.splice(0, 3, ...page.slice(0, 3).map(hostilePoint));
  send(response, 200, {
    href: `http://127.0.0.1:${port}/v1/points`,
    count: items.length,
    page: 1,
    per_page: perPage,
    total_pages: Math.max(1, Math.ceil(items.length / perPage)),
    items: page,
  });
}

/** A locker as a broken or hostile Points API might give it: markup, a bidi override, and fields far past any real length. */
function hostilePoint(point, index) {
  if (index === 0) return { ...point, name: `<b>${point.name}</b>\u202E${"X".repeat(240)}` };
  if (index === 1) return { ...point, location_description: `<script>alert(1)</script>\u202E${"Opis ".repeat(40_000)}` };
  return { ...point, address_details: { ...point.address_details, street: "Ulica".repeat(1000) } };
}

function validationDetails(body) {
  const details = {};
  const receiver = body?.receiver ?? {};
  if (!["inpost_locker_standard", "inpost_courier_standard"].includes(body?.service)) details.service = ["invalid"];
  if (!receiver.email) details.receiver = [{ email: ["required"] }];
  if (!/^\d{9}$/.test(String(receiver.phone ?? ""))) details.receiver = [{ ...(details.receiver?.[0] ?? {}), phone: ["invalid"] }];
  if (!Array.isArray(body?.parcels) || body.parcels.length === 0) details.parcels = ["required"];
  if (body?.service === "inpost_locker_standard") {
    const target = body?.custom_attributes?.target_point;
    if (!target) details.custom_attributes = [{ target_point: ["required"] }];
    else if (!points.some((point) => point.name === target)) details.custom_attributes = [{ target_point: ["does_not_exist"] }];
  }
  if (body?.service === "inpost_courier_standard") {
    const address = receiver.address ?? {};
    if (!address.street || !address.building_number || !address.city || !/^\d{2}-\d{3}$/.test(String(address.post_code ?? "")))
      details.receiver = [{ ...(details.receiver?.[0] ?? {}), address: ["invalid"] }];
  }
  return Object.keys(details).length ? details : null;
}

function trackingNumber(id) {
  return `6${String(id).padStart(8, "0")}${String(Date.now()).slice(-8)}0000000`.slice(0, 24);
}

async function postWebhook(shipment, event) {
  if (!webhookUrl || shipment.organization_id !== organizationId) return;
  const body = {
    event_ts: new Date().toISOString(),
    event,
    organization_id: Number(organizationId),
    payload: { shipment_id: shipment.id, status: shipment.status, tracking_number: shipment.tracking_number },
  };
  await fetch(webhookUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).catch(
    () => undefined,
  );
}

function createShipment(body, organization) {
  const id = nextId++;
  const shipment = {
    id,
    organization_id: organization,
    status: "created",
    tracking_number: null,
    reference: body.reference ?? null,
    service: body.service,
    custom_attributes: body.custom_attributes ?? {},
    receiver: body.receiver,
    parcels: body.parcels,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  };
  shipments.set(id, shipment);
  setTimeout(() => {
    shipment.status = "confirmed";
    shipment.tracking_number = control.trackingNumber ?? trackingNumber(id);
    shipment.updated_at = new Date().toISOString();
    void postWebhook(shipment, "shipment_confirmed");
  }, control.confirmDelayMs).unref();
  return shipment;
}

function publicShipment(shipment) {
  return Object.fromEntries(Object.entries(shipment).filter(([key]) => key !== "organization_id"));
}

function labelsPdf(response, list) {
  const document = new PDFDocument({ size: "A6", margin: 20, autoFirstPage: false });
  const chunks = [];
  document.on("data", (chunk) => chunks.push(chunk));
  document.on("end", () => {
    const pdf = Buffer.concat(chunks);
    response.writeHead(200, { "Content-Type": "application/pdf", "Content-Length": pdf.length });
    response.end(pdf);
  });
  for (const shipment of list) {
    document.addPage();
    document.fontSize(16).text("InPost");
    document.fontSize(10).text(`Tracking: ${shipment.tracking_number}`);
    document.text(`Reference: ${shipment.reference ?? ""}`);
    document.text(`Service: ${shipment.service}`);
    document.text(`Target point: ${shipment.custom_attributes?.target_point ?? "-"}`);
  }
  document.end();
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url, `http://127.0.0.1:${port}`);
  const path = url.pathname;
  const query = url.searchParams;
  try {
    if (path === "/__health") return send(response, 200, { ok: true });
    if (path === "/__control" && request.method === "POST") {
      Object.assign(control, (await readJson(request)) ?? {});
      return send(response, 200, control);
    }
    if (path === "/__shipments") return send(response, 200, { shipments: [...shipments.values()], creates });
    if (path === "/__foreign" && request.method === "POST") {
      const body = (await readJson(request)) ?? {};
      const shipment = createShipment(
        { service: "inpost_locker_standard", reference: body.reference ?? "FOREIGN", parcels: [{ template: "small" }] },
        "999999",
      );
      return send(response, 200, { id: shipment.id });
    }
    if (path === "/__status" && request.method === "POST") {
      const body = (await readJson(request)) ?? {};
      const shipment = shipments.get(Number(body.id));
      if (!shipment) return problem(response, 404, "resource_not_found", "Resource not found");
      shipment.status = String(body.status);
      shipment.updated_at = new Date().toISOString();
      await postWebhook(shipment, "shipment_status_changed");
      return send(response, 200, publicShipment(shipment));
    }

    // The Points API.
    if (path === "/v1/points" || path.startsWith("/v1/points/")) {
      if (control.pointsDelayMs) await new Promise((resolve) => setTimeout(resolve, control.pointsDelayMs));
      if (control.pointsDown) return problem(response, 503, "service_unavailable", "Service Unavailable");
      if (path === "/v1/points") return pointsList(response, query);
      const name = decodeURIComponent(path.slice("/v1/points/".length));
      const point = points.find((each) => each.name === name);
      if (!point) return problem(response, 404, "resource_not_found", "Resource not found");
      return send(response, 200, control.hostilePoints ? hostilePoint(point, 0) : point);
    }

    // ShipX.
    if (!path.startsWith("/v1/")) return problem(response, 404, "resource_not_found", "Resource not found");
    if (request.headers.authorization !== `Bearer ${token}`) return problem(response, 401, "token_invalid", "Token is missing or invalid.");
    if (control.down) return problem(response, 503, "service_unavailable", "Service Unavailable");
    const organizationPath = /^\/v1\/organizations\/([^/]+)\/shipments(\/labels)?$/.exec(path);
    if (organizationPath) {
      if (organizationPath[1] !== organizationId)
        return problem(response, 403, "access_forbidden", "You have no access to this organization.");
      if (organizationPath[2]) {
        const ids = query.getAll("shipment_ids[]").map(Number);
        const list = ids.map((id) => shipments.get(id));
        if (ids.length === 0 || list.some((each) => !each || each.organization_id !== organizationId || each.status === "created"))
          return problem(response, 400, "invalid_action", "Labels are available for confirmed shipments of this organization only.");
        return labelsPdf(response, list);
      }
      if (request.method === "POST") {
        const body = await readJson(request);
        const details = validationDetails(body);
        if (details)
          return problem(
            response,
            400,
            "validation_failed",
            "There are some validation errors. Check details object for more info.",
            details,
          );
        const shipment = createShipment(body, organizationId);
        creates += 1;
        if (control.createAnswer === 500 || control.createAnswer === "lost")
          return problem(response, 500, "internal_server_error", "Internal Server Error");
        return send(response, 201, publicShipment(shipment));
      }
      const reference = query.get("reference");
      const items = [...shipments.values()].filter(
        (each) => each.organization_id === organizationId && (!reference || each.reference === reference),
      );
      return send(response, 200, { href: url.href, count: items.length, page: 1, per_page: 25, items: items.map(publicShipment) });
    }
    const shipmentPath = /^\/v1\/shipments\/(\d+)(\/label)?$/.exec(path);
    if (shipmentPath) {
      const shipment = shipments.get(Number(shipmentPath[1]));
      if (!shipment || shipment.organization_id !== organizationId)
        return problem(response, 404, "resource_not_found", "Resource not found");
      if (!shipmentPath[2]) return send(response, 200, publicShipment(shipment));
      if (shipment.status === "created") return problem(response, 400, "invalid_action", "Shipment is not confirmed yet.");
      return labelsPdf(response, [shipment]);
    }
    return problem(response, 404, "resource_not_found", "Resource not found");
  } catch (error) {
    return problem(response, 500, "internal_server_error", String(error));
  }
});

server.listen(port, "127.0.0.1", () => console.log(`InPost stand-in on http://127.0.0.1:${port} (organization ${organizationId})`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
