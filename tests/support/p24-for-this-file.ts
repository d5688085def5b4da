import { afterAll, beforeAll } from "vitest";
import { startNotificationReceiver } from "./p24-notification-receiver";
import { startPrzelewy24StandIn } from "./p24-stand-in-process";

/**
 * The stand-in and a receiver of its notifications (p24-notification-receiver.ts), started once before a test
 * file's tests and stopped after them. Read them from the returned object inside the tests.
 */
export function przelewy24ForThisFile() {
  const running = {} as {
    standIn: Awaited<ReturnType<typeof startPrzelewy24StandIn>>;
    receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
  };
  beforeAll(async () => {
    running.standIn = await startPrzelewy24StandIn();
    running.receiver = await startNotificationReceiver();
  });
  afterAll(async () => {
    await running.standIn?.stop();
    await running.receiver?.stop();
  });
  return running;
}
