import { peekProcessSingleton, processSingleton } from "@/server/process-singleton";
import type { BodyWork } from "./body-work-contract";

const KEY = "body-work";

/**
 * The same work on the calling thread, its module imported on first use: the server's main
 * thread always has workers registered, and importing the converters (mammoth, jszip, marked,
 * parse5, …) there cost every start their loading and the process their memory.
 */
const inThread = () => import("./in-thread-body-work").then((module) => module.IN_THREAD_BODY_WORK);
const IN_THREAD_ON_FIRST_USE: BodyWork = {
  derive: async (state, options) => (await inThread()).derive(state, options),
  convert: async (file) => (await inThread()).convert(file),
  build: async (delta, options) => (await inThread()).build(delta, options),
};

/**
 * Makes `work` the process's body work (server.ts registers its worker threads before it
 * serves anything). A process singleton: Next's route bundles load their own copy of this
 * module, and must find the same workers.
 */
export function registerBodyWork(work: BodyWork): void {
  processSingleton<{ work: BodyWork }>(KEY, () => ({ work })).work = work;
}

/** The process's body work: the registered worker threads, else the calling thread. */
export function bodyWork(): BodyWork {
  return peekProcessSingleton<{ work: BodyWork }>(KEY)?.work ?? IN_THREAD_ON_FIRST_USE;
}
