import path from "node:path";

/** The folder of test data files (images, export samples, the XSS corpus), wherever a test file lives. */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, "fixtures");
