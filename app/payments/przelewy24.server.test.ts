import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayRefusedError, GatewayUnavailableError } from "./gateway";
import { createPrzelewy24Client } from "./przelewy24.server";

/**
 * The adapter reads each call's answer by its documented status and body, over real HTTP: any 2xx
 * with the expected body is a success (Przelewy24 answers chargeByCode and refund with 201
 * Created, the rest with 200), a documented refusal is a "no", and anything else is an answer it
 * cannot read, never a "no": the money may have moved.
 */
let server: Server;
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(answer.status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const gateway = () =>
  createPrzelewy24Client({
    merchantId: 1,
    posId: 1,
    apiKey: "k",
    crc: "c",
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
const answering = (status: number, body: unknown) => {
  answer = { status, body };
};
const refund = () =>
  gateway().refund({
    requestId: "r",
    refundsUuid: "u",
    sessionId: "s",
    gatewayOrderId: "1",
    amountGrosze: 100,
    currency: "PLN",
    description: "d",
    urlStatus: "http://127.0.0.1/x",
  });

describe("the Przelewy24 adapter's reading of answers", () => {
  it("a BLIK code: 201 Created (or any 2xx with the documented body) is taken; 400 is a refusal; anything else is unknown", async () => {
    answering(201, { data: { orderId: 310000001, message: "success" }, responseCode: 0 });
    expect(await gateway().chargeBlik({ token: "T", blikCode: "777123" })).toEqual({ gatewayOrderId: "310000001" });
    answering(200, { data: { orderId: 310000002, message: "success" } });
    expect(await gateway().chargeBlik({ token: "T", blikCode: "777123" })).toEqual({ gatewayOrderId: "310000002" });
    answering(400, { error: "Invalid input data", code: 400 });
    await expect(gateway().chargeBlik({ token: "T", blikCode: "123456" })).rejects.toBeInstanceOf(GatewayRefusedError);
    for (const [status, body] of [
      [201, { unexpected: true }],
      [500, { error: "Undefined error", code: 500 }],
      [409, { error: "Conflict", code: 409 }],
    ] as const) {
      answering(status, body);
      await expect(gateway().chargeBlik({ token: "T", blikCode: "777123" }), `HTTP ${status}`).rejects.toBeInstanceOf(
        GatewayUnavailableError,
      );
    }
  });

  it("a refund: 201 with every item's status true is taken; 400 and 409 are refusals; a 2xx it cannot read is unknown", async () => {
    answering(201, { data: [{ orderId: 1, sessionId: "s", amount: 100, status: true, message: "success" }], responseCode: 0 });
    await expect(refund()).resolves.toBeUndefined();
    answering(409, { error: [{ status: false, message: "Transaction not found" }], code: 409 });
    await expect(refund()).rejects.toBeInstanceOf(GatewayRefusedError);
    answering(400, { error: "Request already exists", code: 400 });
    await expect(refund()).rejects.toBeInstanceOf(GatewayRefusedError);
    answering(201, { data: [] });
    await expect(refund()).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("register, verify and transaction/by/sessionId: any 2xx with the documented body", async () => {
    answering(200, { data: { token: "ABC-123" }, responseCode: 0 });
    const registered = await gateway().register({
      sessionId: "s",
      amountGrosze: 100,
      currency: "PLN",
      description: "d",
      email: "e@example.com",
      language: "pl",
      urlReturn: "http://127.0.0.1/r",
      urlStatus: "http://127.0.0.1/s",
    });
    expect(registered.token).toBe("ABC-123");
    answering(200, { data: { status: "success" }, responseCode: 0 });
    await expect(gateway().verify({ sessionId: "s", gatewayOrderId: "1", amountGrosze: 100, currency: "PLN" })).resolves.toBeUndefined();
    answering(200, { data: { orderId: 1, sessionId: "s", status: 2, amount: 100, currency: "PLN", paymentMethod: 154 }, responseCode: 0 });
    expect(await gateway().transactionBySessionId("s")).toMatchObject({ paid: true, gatewayOrderId: "1" });
    answering(404, { error: "Transaction not found", responseCode: 0 });
    expect(await gateway().transactionBySessionId("s")).toBeNull();
  });
});
