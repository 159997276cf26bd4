import { symmetricEncrypt } from "better-auth/crypto";
import type { Auth } from "@/server/auth/auth";

/**
 * Encrypts a provider's client secret with the auth instance's secret, as auth/sso-plugin.ts
 * decrypts it. The instance is passed in (the action's getAuth(), a test's createAuth()), so the
 * use case never opens the process's own database.
 */
export async function sealClientSecret(auth: Pick<Auth, "$context">, secret: string): Promise<string> {
  const context = await auth.$context;
  return symmetricEncrypt({ key: context.secret, data: secret });
}
