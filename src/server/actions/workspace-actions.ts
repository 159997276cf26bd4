"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientIpOf } from "@/server/auth/client-ip";
import type { FormState } from "@/shared/form-state";
import { CreateWorkspaceSchema, UpdateWorkspaceSchema } from "@/shared/schemas/workspace";
import { requireActor } from "@/server/auth/session";
import { getDb } from "@/server/db/database";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { updateWorkspace } from "@/server/services/workspaces/update-workspace";
import { setTwoFactorRequirement } from "@/server/services/workspaces/set-two-factor-requirement";
import type { ActionResult } from "@/shared/api-error";
import type { SetTwoFactorRequirementInput } from "@/shared/schemas/two-factor";
import { SetTwoFactorRequirementSchema } from "@/shared/schemas/two-factor";
import { runAction } from "./run-action";
import { formStateFromError, formValues, parseForm } from "./form-helpers";

/** "Create another workspace" form: the actor becomes its owner and lands in it. */
export async function createWorkspaceAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const actor = await requireActor();
  const values = formValues(formData, ["name", "slug"]);
  const parsed = parseForm(CreateWorkspaceSchema, values, values);
  if ("state" in parsed) return parsed.state;
  let slug: string;
  try {
    slug = (await createWorkspace({ db: await getDb(), actor }, parsed.data)).slug;
  } catch (error) {
    return formStateFromError(error, values);
  }
  redirect(`/w/${slug}`);
}

/** Settings → General: saves the workspace's name and address (owners); a new address takes the page there. */
export async function updateWorkspaceAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const actor = await requireActor();
  const values = formValues(formData, ["workspaceId", "name", "slug"]);
  const parsed = parseForm(UpdateWorkspaceSchema, values, values);
  if ("state" in parsed) return parsed.state;
  let workspace: Awaited<ReturnType<typeof updateWorkspace>>;
  try {
    workspace = await updateWorkspace({ db: await getDb(), actor, clientIp: clientIpOf(await headers()) }, parsed.data);
  } catch (error) {
    return formStateFromError(error, values);
  }
  revalidatePath(`/w/${workspace.slug}`, "layout");
  if (workspace.slug !== workspace.previousSlug) redirect(`/w/${workspace.slug}/settings/general?moved=1`);
  return { success: "Saved.", values: { ...values, name: workspace.name, slug: workspace.slug } };
}

/** Settings → General → "Require two-factor authentication" (admins and owners). */
export async function setTwoFactorRequirementAction(input: SetTwoFactorRequirementInput): Promise<ActionResult<{ required: boolean }>> {
  return runAction(SetTwoFactorRequirementSchema, input, async (ctx, data) => {
    const result = await setTwoFactorRequirement(ctx, data);
    revalidatePath("/w/[workspace]/settings/[[...section]]", "page");
    return result;
  });
}
