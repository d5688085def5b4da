import { describe, expect, it } from "vitest";
import { deliveryLabel } from "./delivery-label";

const order = {
  tenant_name: "Jan Kowalski",
  phone: "+48 600 100 200",
  email: "jan@example.com",
  mailing_address: "ul. Krótka 1, 00-001 Warszawa",
  mailing_street: "ul. Krótka 1",
  mailing_postal_code: "00-001",
  mailing_city: "Warszawa",
  property_address: "ul. Długa 5/3, 70-001 Szczecin",
  property_street: null,
  property_postal_code: null,
  property_city: null,
};

describe("the delivery box at the top of an order's page", () => {
  it("by courier: the name and the mailing address", () => {
    expect(deliveryLabel({ ...order, delivery_method: "courier", locker_name: null, locker_address: null })).toBe(
      "Jan Kowalski\nul. Krótka 1\n00-001 Warszawa",
    );
  });

  it("to a parcel locker: the name, the locker and where it stands, the phone and the e-mail; never the home address", () => {
    const label = deliveryLabel({
      ...order,
      delivery_method: "locker",
      locker_name: "KRA010",
      locker_address: "Floriańska 3, 31-042 Kraków",
    });
    expect(label).toBe("Jan Kowalski\nPaczkomat InPost KRA010\nFloriańska 3\n31-042 Kraków\n+48 600 100 200\njan@example.com");
    expect(label).not.toContain("Krótka");
  });
});
