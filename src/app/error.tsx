"use client";

import { ErrorScreen } from "@/components/error-screen";

/** A render error on the server (500) or in the browser, with the framework's texts (docs/product.md "Errors"). */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // A digest means the server failed and Next hid the details; without one the exception was client-side.
  if (error.digest) {
    return <ErrorScreen status="500" message="Internal Server Error" digest={error.digest} onRetry={reset} />;
  }
  return (
    <ErrorScreen
      message="Application error: a client-side exception has occurred (see the browser console for more information)."
      onRetry={reset}
    />
  );
}
