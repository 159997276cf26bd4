"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { APIError } from "better-auth/api";
import type { ActionResult } from "@/shared/api-error";
import type { FormState } from "@/shared/form-state";
import { safeReturnPath } from "@/shared/form-state";
import type { RemoveSsoProviderInput } from "@/shared/schemas/sso";
import { RemoveSsoProviderSchema, SaveSsoProviderSchema } from "@/shared/schemas/sso";
import { getAuth } from "@/server/auth/auth";
import { clientIpOf } from "@/server/auth/client-ip";
import { requireActor } from "@/server/auth/session";
import { INSTANCE_SSO_ID } from "@/server/auth/sso-providers";
import { getDb } from "@/server/db/database";
import { findWorkspaceSso } from "@/server/services/sso/find-workspace-sso";
import { removeSsoProvider } from "@/server/services/sso/remove-sso-provider";
import { saveSsoProvider } from "@/server/services/sso/save-sso-provider";
import { ssoSignInOptions } from "@/server/services/sso/sso-sign-in-options";
import { formStateFromError, formValues, parseForm } from "./form-helpers";
import { runAction } from "./run-action";

/**
 * "Sign in with …" on the sign-in page: better-auth's signInSocial makes the state, PKCE verifier
 * and nonce (its cookie set through nextCookies) and answers the provider's address, which the
 * browser is sent to. `workspace` names a workspace's provider; without it, the instance's.
 */
export async function startSsoSignInAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["workspace", "next"]);
  const slug = values.workspace ?? "";
  let provider: string;
  let callbackURL: string;
  let errorCallbackURL: string;
  if (slug) {
    const workspace = await findWorkspaceSso({ db: await getDb() }, slug);
    // A workspace without a provider answers as one that doesn't exist, to anyone.
    if (!workspace) return { code: "not_found", message: "This workspace has no single sign-on." };
    provider = workspace.providerId;
    callbackURL = `/w/${workspace.slug}`;
    errorCallbackURL = `/login?workspace=${encodeURIComponent(workspace.slug)}`;
  } else {
    if (!ssoSignInOptions().instance) return { code: "not_found", message: "Single sign-on is not set up." };
    provider = INSTANCE_SSO_ID;
    callbackURL = safeReturnPath(values.next);
    errorCallbackURL = "/login";
  }
  let url: string | undefined;
  try {
    const auth = await getAuth();
    const answer = await auth.api.signInSocial({ body: { provider, callbackURL, errorCallbackURL }, headers: await headers() });
    url = "url" in answer ? answer.url : undefined;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return { message: "The sign-in provider could not be reached. Try again later." };
  }
  if (!url) return { message: "The sign-in provider could not be reached. Try again later." };
  redirect(url);
}

/** Settings → Authentication: adds or changes the workspace's provider. */
export async function saveSsoProviderAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const actor = await requireActor();
  const values = formValues(formData, ["workspaceId", "label", "issuer", "clientId", "clientSecret", "allowedDomains", "defaultRole"]);
  const { clientSecret: _secret, ...echo } = values;
  const parsed = parseForm(SaveSsoProviderSchema, values, echo);
  if ("state" in parsed) return parsed.state;
  try {
    const saved = await saveSsoProvider({ db: await getDb(), actor, clientIp: clientIpOf(await headers()) }, parsed.data, { auth: await getAuth() });
    revalidatePath(`/w/${saved.workspaceSlug}/settings/authentication`);
    return { success: "Saved. The secret is stored and won't be shown again.", values: echo };
  } catch (error) {
    return formStateFromError(error, echo);
  }
}

/** Settings → Authentication → "Remove": the workspace's sign-in link stops working at once. */
export async function removeSsoProviderAction(input: RemoveSsoProviderInput): Promise<ActionResult<{ workspaceSlug: string }>> {
  return runAction(RemoveSsoProviderSchema, input, async (ctx, data) => removeSsoProvider(ctx, data));
}
