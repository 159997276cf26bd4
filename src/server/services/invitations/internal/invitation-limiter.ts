import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "@/server/errors";
import { processSingleton } from "@/server/process-singleton";

/** Invitations one person may create per window: plenty for onboarding a team, not for spamming addresses. */
export const INVITATIONS_PER_WINDOW = 50;
export const INVITATION_WINDOW_SECONDS = 60 * 60;

/** Counts invitations per inviting user, in this process. */
export class InvitationLimiter {
  private readonly limiter: RateLimiterMemory;

  constructor(points = INVITATIONS_PER_WINDOW, durationSeconds = INVITATION_WINDOW_SECONDS) {
    this.limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  }

  /** Takes one invitation from `userId`'s allowance. @throws AppError rate_limited (with Retry-After) */
  async take(userId: string): Promise<void> {
    try {
      await this.limiter.consume(`user:${userId}`);
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result;
      const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new AppError(
        "rate_limited",
        `You've sent a lot of invitations. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        undefined,
        { "Retry-After": String(seconds) },
      );
    }
  }
}

/** The process's invitation limiter. */
export function getInvitationLimiter(): InvitationLimiter {
  return processSingleton("invitation-limiter", () => new InvitationLimiter());
}
