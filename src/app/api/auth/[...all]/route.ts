import { getAuth } from "@/server/auth/auth";

// better-auth's endpoints (sign-in, sign-up, session, sign-out) for the browser and tests.
async function handle(request: Request): Promise<Response> {
  return (await getAuth()).handler(request);
}

export { handle as GET, handle as POST };
