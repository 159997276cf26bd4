import { parentPort } from "node:worker_threads";
import { IN_THREAD_BODY_WORK } from "./in-thread-body-work";
import type { BodyJob, BodyJobReply } from "./body-workers";
import { isUnreadableFileError } from "@/server/formats/import/unreadable-file-error";

/** Runs in a worker thread (see body-workers.ts): does one job of BodyWork and replies with its result. */
parentPort?.on("message", ({ id, job }: { id: number; job: BodyJob }) => {
  run(job).then(
    (result) => reply({ id, result }),
    (error: unknown) =>
      reply({
        id,
        error: error instanceof Error ? error.message : String(error),
        isUnreadable: isUnreadableFileError(error),
        isOverLimit: isUnreadableFileError(error) && error.overLimit,
      }),
  );
});

function run(job: BodyJob): Promise<unknown> {
  if (job.kind === "derive") return IN_THREAD_BODY_WORK.derive(job.state, job.options);
  if (job.kind === "convert") return IN_THREAD_BODY_WORK.convert(job.file);
  return IN_THREAD_BODY_WORK.build(job.delta, job.options);
}

function reply(message: BodyJobReply): void {
  parentPort?.postMessage(message);
}
