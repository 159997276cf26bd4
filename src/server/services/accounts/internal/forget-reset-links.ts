import type { Auth } from "@/server/auth/auth";

/**
 * Ends every password-reset link still out for an account. better-auth deletes only the link it
 * used, so after a reset, or a change of password while signed in, an older link (asked for
 * twice, or leaked with the mail that made the person act) would still set the password within
 * its hour (QA: a second link reset it again after the first had been used).
 */
export async function forgetResetLinks(auth: Auth, userId: string): Promise<void> {
  const { adapter } = await auth.$context;
  await adapter.deleteMany({
    model: "verification",
    where: [
      { field: "identifier", operator: "starts_with", value: "reset-password:" },
      { field: "value", value: userId },
    ],
  });
}
