import { describe, expect, it } from "vitest";
import { shipmentTrouble, STUCK_MARGIN_DAYS, type TroubleFacts } from "./trouble";

const DISPATCHED: TroubleFacts = {
  status: "dispatched",
  shipment_id: "1001",
  shipment_status: "sent_from_source_branch",
  dispatched_at: "2026-11-23T15:00:00.000Z",
  delivered_at: null,
};
const hoursAfterDispatch = (hours: number) => new Date(Date.parse(DISPATCHED.dispatched_at!) + hours * 3600_000);

describe("the back office's flag on an InPost parcel", () => {
  it("flags a parcel on the way longer than its transit time plus the margin, and not a moment before", () => {
    const limitHours = (2 + STUCK_MARGIN_DAYS) * 24;
    expect(shipmentTrouble(DISPATCHED, 2, hoursAfterDispatch(limitHours))).toBeNull();
    expect(shipmentTrouble(DISPATCHED, 2, hoursAfterDispatch(limitHours + 1))).toEqual({ kind: "stuck", since: DISPATCHED.dispatched_at });
    // The courier's longer transit gives its parcel more time.
    expect(shipmentTrouble(DISPATCHED, 3, hoursAfterDispatch(limitHours + 1))).toBeNull();
  });

  it("flags at once a parcel returned, refused or undeliverable, whatever its age", () => {
    for (const status of ["returned_to_sender", "rejected_by_receiver", "undelivered", "stack_parcel_pickup_time_expired"])
      expect(shipmentTrouble({ ...DISPATCHED, shipment_status: status }, 1, hoursAfterDispatch(1)), status).toEqual({
        kind: "status",
        status,
      });
  });

  it("leaves alone a delivered or cancelled parcel, an order sent some other way and an order not dispatched", () => {
    const late = hoursAfterDispatch(30 * 24);
    expect(shipmentTrouble({ ...DISPATCHED, shipment_status: "delivered", delivered_at: "2026-11-25T10:00:00.000Z" }, 1, late)).toBeNull();
    expect(shipmentTrouble({ ...DISPATCHED, shipment_status: "canceled" }, 1, late)).toBeNull();
    expect(shipmentTrouble({ ...DISPATCHED, shipment_id: null, shipment_status: null }, 1, late)).toBeNull();
    expect(shipmentTrouble({ ...DISPATCHED, status: "paid", shipment_status: "returned_to_sender" }, 1, late)).toBeNull();
  });
});
