import Link from "next/link";
import { redirect } from "next/navigation";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClass } from "@/components/ui/button";
import { signedInContext } from "@/server/http/request-context";
import { listWorkspacesForUser } from "@/server/services/workspaces/list-workspaces-for-user";

const FEATURES = [
  { title: "Write together", text: "Everyone edits the same document at once and sees each other's cursors." },
  { title: "Organise in a tree", text: "Nest documents as deep as your handbook needs and find them with search." },
  { title: "Keep every version", text: "Look back at any revision and restore it in one click." },
  { title: "Host it yourself", text: "Two commands from a fresh clone to a running instance, on your own machine." },
];

export default async function LandingPage() {
  const ctx = await signedInContext();
  if (ctx) {
    const [last] = await listWorkspacesForUser(ctx);
    redirect(last ? `/w/${last.slug}` : "/workspaces/new");
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-8">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-1">
          <ThemeToggle />
          <Link href="/login" className={buttonClass("ghost")}>
            Sign in
          </Link>
        </nav>
      </header>
      <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col justify-center gap-12 px-4 py-12 sm:px-8">
        <section className="flex flex-col items-start gap-5">
          <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">Documents your whole team writes together.</h1>
          <p className="max-w-2xl text-lg text-muted">
            Quire is a collaborative document workspace you host yourself: formatted documents written in real time, a
            nested tree, full-text search, every version kept, and pages you can publish to the web.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link href="/signup" className={buttonClass("primary")}>
              Create your workspace
            </Link>
            <Link href="/login" className={buttonClass("secondary")}>
              Sign in
            </Link>
          </div>
        </section>
        <ul className="grid gap-4 sm:grid-cols-2">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-border p-5">
              <h2 className="font-medium">{feature.title}</h2>
              <p className="mt-1 text-sm text-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
