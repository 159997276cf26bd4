import type { Metadata } from "next";
import { ErrorScreen } from "@/components/error-screen";

export const metadata: Metadata = { title: "404: This page could not be found" };

// The framework's text for 404 (docs/product.md "Errors"), in the app's look.
export default function NotFound() {
  return <ErrorScreen status="404" message="This page could not be found" />;
}
