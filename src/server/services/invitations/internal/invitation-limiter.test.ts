import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { InvitationLimiter } from "./invitation-limiter";

describe("InvitationLimiter", () => {
  it("allows the window's invitations per person, then refuses with Retry-After", async () => {
    const limiter = new InvitationLimiter(3, 3600);
    for (let i = 0; i < 3; i += 1) await limiter.take("ada");
    const error = await limiter.take("ada").then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("rate_limited");
    expect(Number((error as AppError).headers?.["Retry-After"])).toBeGreaterThan(3500);
    await expect(limiter.take("bob")).resolves.toBeUndefined(); // counted per person
  });
});
