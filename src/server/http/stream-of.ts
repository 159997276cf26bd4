/**
 * A web stream that pulls from `chunks` only as the reader asks, so a slow client slows the
 * producer down instead of filling memory; cancelling the response stops the producer.
 */
export function streamOf(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        console.error("[http] stream failed part-way:", error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
