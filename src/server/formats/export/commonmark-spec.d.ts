// commonmark-spec ships no types; this is the export the spec test reads (index.js).
declare module "commonmark-spec" {
  /** One example of the spec: its Markdown (tabs as "→"), the HTML it renders to, its section and number. */
  export const tests: { markdown: string; html: string; section: string; number: number }[];
}
