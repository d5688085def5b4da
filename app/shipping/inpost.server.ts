import type { ServiceDependencies } from "~/security/outside-service.server";
import { JSON_ANSWER_MAX_BYTES, LABELS_ANSWER_MAX_BYTES, readAnswerJson, readAnswerLimited } from "~/security/outside-answer.server";
import {
  fittingLine,
  POINT_FIELD_MAX,
  printableLine,
  REFERENCE_MAX,
  shortenedLine,
  SHIPMENT_ID,
  SHIPMENT_STATUS,
  TRACKING_NUMBER,
} from "./answer-fields";
import {
  MalformedAnswerError,
  ShipmentRefusedError,
  ShippingUnavailableError,
  type LockerDirectory,
  type Shipment,
  type ShippingCarrier,
} from "./carrier";
import { LOCKER_NAME, type LockerPoint } from "~/order/delivery";

/**
 * InPost's ShipX API (shipments, labels) and Points API (parcel lockers), as their published
 * documentation gives them (docs/decisions/048). tests/support/inpost-stand-in.mjs answers the
 * same paths, fields and status codes. Every answer is read within a size limit and every field
 * checked against its documented shape before anything of it is kept (docs/decisions/059).
 */

/** A visitor waits on the order form for the Points API this long, then is offered the courier or a name typed by hand. */
export const INPOST_POINTS_TIMEOUT_MS = 3000;
/** An operator waits on a shipment or a label; ShipX answers within a few seconds. */
export const SHIPX_TIMEOUT_MS = 10_000;
/** The nearest within this many metres of the postcode. */
const LOCKERS_MAX_DISTANCE_METRES = 15_000;
/** No search asks for more (the Points API's answer stays within its size limit). */
const LOCKERS_MAX_COUNT = 100;
/** An A4 envelope fits ShipX's smallest parcel template. */
const PARCEL_TEMPLATE = "small";

const POSTAL_CODE = /^\d{2}-\d{3}$/;

type PointItem = {
  name?: unknown;
  address_details?: { city?: unknown; post_code?: unknown; street?: unknown; building_number?: unknown; flat_number?: unknown } | null;
  location_description?: unknown;
  distance?: unknown;
  location_247?: unknown;
};

/**
 * A locker as we show and store it, or null when InPost's answer does not have the documented
 * shape: a name that is not a locker's (KRA010), a postcode that is not NN-NNN, or an address
 * longer than any real one. The description, shown only while the customer chooses, is shortened.
 */
function pointOf(answer: unknown): LockerPoint | null {
  if (!answer || typeof answer !== "object") return null;
  const item = answer as PointItem;
  const name = printableLine(item.name).toUpperCase();
  if (!LOCKER_NAME.test(name)) return null;
  const details = item.address_details && typeof item.address_details === "object" ? item.address_details : {};
  const fields = [
    [details.street, POINT_FIELD_MAX.street],
    [details.building_number, POINT_FIELD_MAX.buildingNumber],
    [details.city, POINT_FIELD_MAX.city],
  ] as const;
  // An empty field is left out; one longer than its limit makes the whole point unusable.
  const [street, building, city] = fields.map(([value, max]) => (printableLine(value) ? fittingLine(value, max) : ""));
  const postCode = printableLine(details.post_code);
  if (street === null || building === null || city === null || (postCode && !POSTAL_CODE.test(postCode))) return null;
  const distance =
    typeof item.distance === "number" && Number.isFinite(item.distance) && item.distance >= 0 ? Math.round(item.distance) : null;
  return {
    name,
    address: [[street, building].filter(Boolean).join(" "), [postCode, city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    description: shortenedLine(item.location_description, POINT_FIELD_MAX.description),
    distanceMetres: distance,
    open247: item.location_247 === true,
  };
}

/** What the clients are built with: tests hand in their own fetch, as for Przelewy24 and KSeF. */

async function call(fetchImpl: typeof fetch, url: string, init: RequestInit, timeoutMs: number, operation: string): Promise<Response> {
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ShippingUnavailableError(operation, error instanceof Error ? error.message : String(error));
  }
}

async function jsonOf(response: Response, operation: string): Promise<unknown> {
  try {
    return await readAnswerJson(response, JSON_ANSWER_MAX_BYTES);
  } catch (error) {
    throw new ShippingUnavailableError(
      operation,
      `status ${response.status}, ${error instanceof SyntaxError ? "not JSON" : String(error)}`,
    );
  }
}

export function createInpostPointsClient(
  { pointsUrl }: { pointsUrl: string },
  {
    fetch: fetchImpl = fetch,
    timeoutMs = INPOST_POINTS_TIMEOUT_MS,
  }: ServiceDependencies & {
    /** INPOST_POINTS_TIMEOUT_MS unless a test needs to see a slow answer given up on sooner. */
    timeoutMs?: number;
  } = {},
): LockerDirectory {
  const get = async (path: string, operation: string) => {
    const response = await call(fetchImpl, `${pointsUrl}${path}`, { headers: { Accept: "application/json" } }, timeoutMs, operation);
    if (response.status === 404) return null;
    if (!response.ok) throw new ShippingUnavailableError(operation, `status ${response.status}`);
    return jsonOf(response, operation);
  };
  return {
    async nearest(place, count) {
      const perPage = Math.min(Math.max(1, count), LOCKERS_MAX_COUNT);
      const query = new URLSearchParams({ type: "parcel_locker", status: "Operating", per_page: String(perPage) });
      if (POSTAL_CODE.test(place)) {
        query.set("relative_post_code", place);
        query.set("sort_by", "distance_to_relative_point");
        query.set("max_distance", String(LOCKERS_MAX_DISTANCE_METRES));
      } else {
        query.set("city", place);
      }
      const body = (await get(`/v1/points?${query}`, "points")) as { items?: unknown } | null;
      if (!body || !Array.isArray(body.items)) throw new ShippingUnavailableError("points", "no items in the answer");
      // Never more than asked for, whatever the answer holds.
      return body.items
        .slice(0, perPage)
        .map(pointOf)
        .filter((point) => point !== null);
    },
    async byName(name) {
      const body = await get(`/v1/points/${encodeURIComponent(name)}`, "point");
      if (body === null) return null;
      const point = pointOf(body);
      // An answer that is not the point asked for, in its documented shape, says nothing about it.
      if (point?.name !== name.toUpperCase()) throw new MalformedAnswerError("point", `not the point ${name}`);
      return point;
    },
  };
}

type ShipmentBody = { id?: unknown; status?: unknown; tracking_number?: unknown; reference?: unknown };

/**
 * A shipment as ShipX documents it: a numeric id, a snake_case status, a tracking number of letters
 * and digits (once confirmed) and our reference. Anything else is not stored: PostgreSQL refuses a NUL
 * outright, and a 5 KB "tracking number" would reach the customer's e-mail.
 */
function shipmentOf(body: unknown, operation: string): Shipment {
  const shipment = body && typeof body === "object" ? (body as ShipmentBody) : null;
  const id = typeof shipment?.id === "number" || typeof shipment?.id === "string" ? String(shipment.id) : "";
  const status = typeof shipment?.status === "string" ? shipment.status : "";
  const tracking = shipment?.tracking_number ?? null;
  if (!SHIPMENT_ID.test(id) || !SHIPMENT_STATUS.test(status))
    throw new MalformedAnswerError(operation, "a shipment without a documented id or status");
  if (tracking !== null && tracking !== "" && !(typeof tracking === "string" && TRACKING_NUMBER.test(tracking)))
    throw new MalformedAnswerError(operation, `shipment ${id} with a tracking number that is not letters and digits`);
  return {
    id,
    status,
    trackingNumber: typeof tracking === "string" && tracking !== "" ? tracking : null,
    reference: fittingLine(shipment?.reference, REFERENCE_MAX),
  };
}

/** ShipX's error body: `{status, error, message, details}`. */
async function refusalOf(response: Response): Promise<ShipmentRefusedError> {
  const body = (await readAnswerJson(response).catch(() => null)) as { error?: unknown; message?: unknown; details?: unknown } | null;
  const details = body?.details && typeof body.details === "object" ? JSON.stringify(body.details) : null;
  return new ShipmentRefusedError(
    response.status,
    fittingLine(body?.error, 64) ?? "unknown",
    shortenedLine(body?.message, 300) ?? "",
    details && details.length <= 2000 ? details : null,
  );
}

/** "ul. Długa 5/3" as ShipX wants it: the street, and the building (with the flat) apart. */
export function streetAndBuilding(line: string): { street: string; building_number: string } {
  const match = /^(.*\S)\s+(\d+[A-Za-z]?(?:\s*[/\\-]\s*\w+)?)$/.exec(line.trim());
  return match ? { street: match[1]!, building_number: match[2]!.replace(/\s+/g, "") } : { street: line.trim(), building_number: "" };
}

function splitName(name: string): { first_name: string; last_name: string } {
  const parts = name.trim().split(/\s+/);
  const last = parts.length > 1 ? parts.pop()! : "";
  return { first_name: parts.join(" "), last_name: last };
}

export type ShipxSettings = { apiUrl: string; token: string; organizationId: string };

export function createShipxClient(settings: ShipxSettings, { fetch: fetchImpl = fetch }: ServiceDependencies = {}): ShippingCarrier {
  const headers = { Authorization: `Bearer ${settings.token}`, Accept: "application/json" };
  const organization = `${settings.apiUrl}/v1/organizations/${encodeURIComponent(settings.organizationId)}`;

  /** 2xx is the documented success, 4xx a refusal with InPost's message; anything else is "try later". */
  const send = async (url: string, init: RequestInit, operation: string): Promise<Response> => {
    const response = await call(fetchImpl, url, { ...init, headers: { ...headers, ...init.headers } }, SHIPX_TIMEOUT_MS, operation);
    if (response.ok) return response;
    if (response.status >= 400 && response.status < 500 && response.status !== 404) throw await refusalOf(response);
    if (response.status === 404) return response;
    throw new ShippingUnavailableError(operation, `status ${response.status}`);
  };

  return {
    name: "InPost",
    async findByReference(reference) {
      const response = await send(`${organization}/shipments?${new URLSearchParams({ reference })}`, {}, "find");
      if (response.status === 404) throw new ShippingUnavailableError("find", "status 404");
      const body = (await jsonOf(response, "find")) as { items?: unknown };
      if (!Array.isArray(body.items)) throw new ShippingUnavailableError("find", "no items in the answer");
      // ShipX's filter may match a part of the reference: only the very one is ours.
      const found = body.items.map((item) => shipmentOf(item, "find")).filter((shipment) => shipment.reference === reference);
      return found[0] ?? null;
    },
    async create(request) {
      const { receiver } = request;
      const payload = {
        receiver: {
          name: receiver.name,
          ...splitName(receiver.name),
          email: receiver.email,
          phone: receiver.phone.replace(/\D/g, "").replace(/^48(\d{9})$/, "$1"),
          ...(receiver.address
            ? {
                address: {
                  ...streetAndBuilding(receiver.address.street),
                  city: receiver.address.city,
                  post_code: receiver.address.postalCode,
                  country_code: "PL",
                },
              }
            : {}),
        },
        parcels: [{ template: PARCEL_TEMPLATE }],
        service: request.targetPoint ? "inpost_locker_standard" : "inpost_courier_standard",
        ...(request.targetPoint ? { custom_attributes: { target_point: request.targetPoint, sending_method: "dispatch_order" } } : {}),
        reference: request.reference,
      };
      const response = await send(
        `${organization}/shipments`,
        { method: "POST", body: JSON.stringify(payload), headers: { "Content-Type": "application/json" } },
        "create",
      );
      if (response.status === 404) throw new ShippingUnavailableError("create", "status 404");
      return shipmentOf(await jsonOf(response, "create"), "create");
    },
    async shipment(id) {
      const response = await send(`${settings.apiUrl}/v1/shipments/${encodeURIComponent(id)}`, {}, "shipment");
      if (response.status === 404) return null;
      return shipmentOf(await jsonOf(response, "shipment"), "shipment");
    },
    async labels(ids) {
      const query = new URLSearchParams({ format: "pdf", type: "A6" });
      let url: string;
      if (ids.length === 1) url = `${settings.apiUrl}/v1/shipments/${encodeURIComponent(ids[0]!)}/label?${query}`;
      else {
        for (const id of ids) query.append("shipment_ids[]", id);
        url = `${organization}/shipments/labels?${query}`;
      }
      const response = await send(url, { headers: { Accept: "application/pdf" } }, "label");
      const bytes = await readAnswerLimited(response, LABELS_ANSWER_MAX_BYTES).catch((error: unknown) => {
        throw new ShippingUnavailableError("label", String(error));
      });
      if (response.status === 404 || !isPdf(bytes)) throw new ShippingUnavailableError("label", `status ${response.status}, not a PDF`);
      return bytes;
    },
  };
}

function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 4 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";
}
