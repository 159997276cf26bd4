import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import localFont from "next/font/local";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { WrongAddressNotice } from "@/components/wrong-address-notice";
import { getEnv } from "@/server/env";
import { NONCE_HEADER } from "@/server/http/security-headers";
import { TIME_ZONE_COOKIE, knownTimeZone } from "@/shared/format-time";
import { PAGE_TITLE_TEMPLATE } from "@/shared/page-title";
import "./globals.css";

// The one sans-serif web font (docs/product.md "Editor rules"), self-hosted (no network at build or run time),
// with system fallbacks in globals.css.
const inter = localFont({
  src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  weight: "100 900",
  display: "swap",
});

export const metadata: Metadata = {
  title: { default: "Quire", template: PAGE_TITLE_TEMPLATE },
  description: "Write documents together in real time, organise them in a tree, and keep every version.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#111114" },
  ],
};

// Reading the request's headers makes every page render per request, which the CSP nonce
// needs: a page prerendered at build time would carry scripts without this request's nonce.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  // Times render in the reader's zone as their browser last reported it (components/time).
  const timeZone = knownTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value) ?? "UTC";
  const publicUrl = getEnv().PUBLIC_URL;
  return (
    // next-themes sets the theme class before paint, so React sees a different class: expected.
    <html lang="en" className={inter.variable} suppressHydrationWarning>
      <body>
        <Providers nonce={nonce} timeZone={timeZone}>
          <WrongAddressNotice publicOrigin={publicUrl ? new URL(publicUrl).origin : null} />
          {children}
        </Providers>
      </body>
    </html>
  );
}
