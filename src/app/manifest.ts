import type { MetadataRoute } from "next";

/**
 * The web app manifest (/manifest.webmanifest): with it and the service worker (public/sw.js),
 * browsers offer to install Quire as an app that opens in its own window. Icons come from
 * scripts/make-icons.ts.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Quire",
    short_name: "Quire",
    description: "Write documents together in real time, organise them in a tree, and keep every version.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
