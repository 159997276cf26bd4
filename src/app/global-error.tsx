"use client";

import { ErrorScreen } from "@/components/error-screen";
import "./globals.css";

/** When the root layout itself fails: a whole document with the framework's texts (docs/product.md "Errors"). */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        {error.digest ? (
          <ErrorScreen status="500" message="Internal Server Error" digest={error.digest} onRetry={reset} />
        ) : (
          <ErrorScreen
            message="Application error: a client-side exception has occurred (see the browser console for more information)."
            onRetry={reset}
          />
        )}
      </body>
    </html>
  );
}
