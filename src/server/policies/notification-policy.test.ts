import { describe, expect, it } from "vitest";
import { notificationAbilities } from "./notification-policy";

describe("notificationAbilities", () => {
  it("lets only the recipient read and mark a notification", () => {
    expect(notificationAbilities("u1", { userId: "u1" })).toEqual({ read: true, markRead: true });
    expect(notificationAbilities("u2", { userId: "u1" })).toEqual({ read: false, markRead: false });
  });
});
