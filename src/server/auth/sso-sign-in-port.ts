import { processSingleton } from "@/server/process-singleton";

/** What the SSO plugin reports once a sign-in through a provider has made a session. */
export interface SsoSignIn {
  userId: string;
  /** `sso` (the instance's provider) or `workspace-<workspaceId>`. */
  providerId: string;
  clientIp: string | null;
}

type Handler = (signIn: SsoSignIn) => Promise<void>;

// A port (docs/architecture.md "Layers"): joining a workspace and writing its audit log are use
// cases above auth/, so server.ts registers them here before it serves anything. A process
// singleton, because Next's route bundles load their own copy of this module.
const slot = () => processSingleton("sso-sign-in-handler", () => ({ handler: null as Handler | null }));

/** Registers what runs after every SSO sign-in (services/sso/complete-sso-sign-in.ts). */
export function registerSsoSignIn(handler: Handler): void {
  slot().handler = handler;
}

/** Runs the registered handler; without one (a process that didn't start through server.ts) says so. */
export async function reportSsoSignIn(signIn: SsoSignIn): Promise<void> {
  const { handler } = slot();
  if (!handler) {
    // The sign-in itself stands, but a workspace's newcomer would not join it: make that visible.
    console.error(`[sso] no sign-in handler is registered (start Quire through server.ts); ${signIn.providerId}'s sign-in joined nothing`);
    return;
  }
  await handler(signIn);
}
