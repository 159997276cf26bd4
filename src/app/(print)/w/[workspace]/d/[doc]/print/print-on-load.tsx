"use client";

import Link from "next/link";
import { useEffect } from "react";

/**
 * Opens the print dialog once the page (and its images) have loaded, and offers it again and
 * a way back on screen; `.print-toolbar` is hidden on paper by the print stylesheet.
 */
export function PrintOnLoad({ backHref }: { backHref: string }) {
  useEffect(() => {
    const print = () => window.print();
    if (document.readyState === "complete") {
      print();
      return;
    }
    window.addEventListener("load", print, { once: true });
    return () => window.removeEventListener("load", print);
  }, []);

  return (
    <nav className="print-toolbar mx-auto flex max-w-3xl items-center gap-3 px-6 pt-4 text-sm" aria-label="Print">
      <button type="button" onClick={() => window.print()} className="rounded-md border border-border px-3 py-1.5 font-medium hover:bg-surface">
        Print or save as PDF
      </button>
      <Link href={backHref} className="text-muted underline hover:text-fg">
        Back to the document
      </Link>
    </nav>
  );
}
