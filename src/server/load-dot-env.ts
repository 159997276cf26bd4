import fs from "node:fs";
import path from "node:path";

/**
 * Reads `<dir>/.env` into process.env when the file exists, before anything reads settings, as
 * people who copy `.env.example` to `.env` expect. A variable already in the environment wins
 * (Node's own loader never overwrites one), so `PORT=4000 npm start` still beats the file.
 * @returns the file read, or null when there is none
 */
export function loadDotEnv(dir: string): string | null {
  const file = path.join(dir, ".env");
  if (!fs.existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
