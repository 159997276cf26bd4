import IORedis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningService } from "@test/services";
import { missingServices, startRedis } from "@test/services";
import { announceNotifications, listenForNotifications } from "./notification-hub";
import { NOTIFICATIONS_CHANNEL, startNotificationRelay } from "./notification-relay";

describe("the notification hub", () => {
  it("nudges only the listeners of the people named, until they stop", () => {
    const heard: string[] = [];
    const stopAda = listenForNotifications("ada", () => heard.push("ada"));
    const stopBob = listenForNotifications("bob", () => heard.push("bob"));
    announceNotifications(["ada", "ada", "carol"]);
    stopAda();
    announceNotifications(["ada", "bob"]);
    stopBob();
    expect(heard).toEqual(["ada", "bob"]);
  });
});

describe.skipIf(missingServices() !== null)("the notification relay with Redis", () => {
  let redis: RunningService;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => redis?.stop());

  it("delivers another instance's nudge to this one's bells, and this one's once", async () => {
    const stop = startNotificationRelay(redis.url);
    const otherInstance = new IORedis(redis.url);
    const heard: number[] = [];
    const unlisten = listenForNotifications("ada", () => heard.push(Date.now()));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // the subscription is live
      const sent = Date.now();
      await otherInstance.publish(NOTIFICATIONS_CHANNEL, "ada");
      await expect.poll(() => heard.length).toBe(1);
      expect((heard[0] ?? 0) - sent).toBeLessThan(1000);
      // Announced here: through Redis and back, heard once (not also locally).
      announceNotifications(["ada"]);
      await expect.poll(() => heard.length).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toHaveLength(2);
    } finally {
      unlisten();
      otherInstance.disconnect();
      await stop();
    }
  });
});
