import type { AddPasskeyInput } from "@/shared/schemas/two-factor";
import type { ServiceContext } from "@/server/context";
import type { PasskeyRow } from "@/server/presenters/present-passkey";
import { recordAccountEvent } from "@/server/services/audit/internal/record-account-event";
import type { AuthSession } from "./auth-session";
import { translatePasskeyError } from "./translate-passkey-error";

/**
 * Keeps the passkey the browser created from passkeyRegistrationOptions' challenge, under the name
 * given: better-auth checks the challenge (its cookie), the origin (the request's Origin header)
 * and the relying party (auth/passkey-relying-party.ts). Every workspace of the person records it.
 * @throws AppError bad_request (not verified, or the challenge expired) | unauthenticated
 */
export async function addPasskey(ctx: ServiceContext, input: AddPasskeyInput, session: AuthSession): Promise<PasskeyRow> {
  let row: PasskeyRow;
  try {
    row = await session.auth.api.verifyPasskeyRegistration({ body: { response: input.response, name: input.name }, headers: session.headers });
  } catch (error) {
    throw translatePasskeyError(error);
  }
  await recordAccountEvent(ctx, "account.passkey_added", undefined, { id: row.id, label: input.name });
  return row;
}
