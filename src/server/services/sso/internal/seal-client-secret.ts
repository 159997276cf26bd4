import { symmetricEncrypt } from "better-auth/crypto";
import { getAuth } from "@/server/auth/auth";

/** Encrypts a provider's client secret with the auth secret, as auth/sso-plugin.ts decrypts it. */
export async function sealClientSecret(secret: string): Promise<string> {
  const context = await (await getAuth()).$context;
  return symmetricEncrypt({ key: context.secret, data: secret });
}
