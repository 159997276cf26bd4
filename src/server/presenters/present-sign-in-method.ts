import type { SignInMethodDto } from "@/shared/dto";

/** One way into the account: a row of better-auth's `accounts`, by what it is (services/accounts/list-sign-in-methods.ts). */
export type SignInMethodRow =
  | { id: string; kind: "password"; linkedAt: Date }
  | { id: string; kind: "instance"; linkedAt: Date }
  | {
      id: string;
      kind: "workspace";
      linkedAt: Date;
      /** The workspace whose own provider signs in with it; null once that workspace is deleted. */
      workspace: { id: string; name: string; providerLabel: string | null } | null;
    };

/** A sign-in method for Profile → Security; `instanceLabel` is the instance provider's button label (SSO_LABEL). */
export function presentSignInMethod(row: SignInMethodRow, instanceLabel: string | null): SignInMethodDto {
  const linkedAt = row.linkedAt.toISOString();
  switch (row.kind) {
    case "password":
      return { id: row.id, kind: row.kind, name: "Password", detail: "Sign in with your email and password.", linkedAt, removable: false };
    case "instance":
      return { id: row.id, kind: row.kind, name: instanceLabel ?? "Single sign-on", detail: "This server's single sign-on.", linkedAt, removable: false };
    case "workspace":
      return {
        id: row.id,
        kind: row.kind,
        name: row.workspace?.providerLabel ?? "Single sign-on",
        detail: row.workspace
          ? `The sign-in provider of the workspace “${row.workspace.name}”${row.workspace.providerLabel ? "" : " (since removed from it)"}.`
          : "The sign-in provider of a workspace that has been deleted.",
        linkedAt,
        removable: true,
      };
  }
}
