import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getActor } from "@/server/auth/session";
import { SignUpForm } from "../_components/sign-up-form";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage() {
  if (await getActor()) redirect("/");
  return (
    <>
      <h1 className="text-2xl font-semibold">Create your account</h1>
      <p className="mt-1 text-sm text-muted">
        Already have one?{" "}
        <Link href="/login" className="font-medium text-accent underline-offset-2 hover:underline">
          Sign in
        </Link>
      </p>
      <SignUpForm />
    </>
  );
}
