import { describe, expect, it } from "vitest";
import { operatorKeys } from "./operator-keys.server";

const keys = operatorKeys("the site's operator secret key, 32+ characters");
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("what OPERATOR_SECRET_KEY protects", () => {
  it("seals a secret so that only the same key, for the same operator, opens it", () => {
    const sealed = keys.seal(SECRET, "ola@adres.test");
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toBe(keys.seal(SECRET, "ola@adres.test"));
    expect(keys.open(sealed, "ola@adres.test")).toBe(SECRET);
    expect(operatorKeys("another operator secret key of 32+ characters").open(sealed, "ola@adres.test")).toBeNull();
    expect(keys.open(sealed, "ela@adres.test")).toBeNull();
    const [format, iv, data, tag] = sealed.split(".");
    const flipped = Buffer.from(data!, "base64url");
    flipped[0]! ^= 1;
    expect(keys.open([format, iv, flipped.toString("base64url"), tag].join("."), "ola@adres.test")).toBeNull();
    expect(keys.open("not sealed", "ola@adres.test")).toBeNull();
  });

  it("hashes a recovery code under the key, however it is typed", () => {
    const hash = keys.recoveryCodeHash("K7MQP-2XW9R");
    expect(keys.recoveryCodeHash("k7mqp 2xw9r")).toBe(hash);
    expect(hash).not.toContain("K7MQP");
    expect(operatorKeys("another operator secret key of 32+ characters").recoveryCodeHash("K7MQP-2XW9R")).not.toBe(hash);
  });
});
