import { signOutAction } from "@/server/actions/auth-actions";
import { buttonClass } from "@/components/ui/button";

/** Signs out and opens sign-in, which comes back to `next` (the invitation). */
export function SwitchAccountForm({ next }: { next: string }) {
  return (
    <form action={signOutAction}>
      <input type="hidden" name="next" value={next} />
      <button type="submit" className={buttonClass("primary")}>
        Sign in as another user
      </button>
    </form>
  );
}
