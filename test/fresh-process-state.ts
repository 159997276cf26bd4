import { afterAll } from "vitest";
import { closePdfPrinter } from "@/server/formats/export/pdf-printer";
import { clearAllProcessSingletons } from "@/server/process-singleton";

// Unit files share their worker's process (vitest.config.ts `isolate: false`: a new process per
// file spent minutes of CI re-importing the same modules). Each file still starts from the state a
// new process would give it: after a file, what it left in the process-wide registry
// (src/server/process-singleton.ts: the parsed environment, a signer with its own secret, auth, a
// browser for PDFs) is closed or forgotten, and the environment variables it set are undone.
// This file is registered first, so its afterAll runs after the file's own.
const environment = { ...process.env };

afterAll(async () => {
  await closePdfPrinter();
  clearAllProcessSingletons();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
