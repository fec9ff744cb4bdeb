/**
 * An admin list as a CSV download (RFC 4180 with the formula defence of beta-testers/csv.ts), read
 * from D1 a chunk at a time so the whole file is never held in memory. The first chunk is read
 * before the stream is returned, so an unavailable database fails the request instead of producing a
 * truncated file.
 */
import { logError } from "~/lib/log.server";
import { CSV_BOM, csvRow, type CsvValue } from "./beta-testers/csv";

export async function csvStream<Row>({
  header,
  chunkAt,
  cells,
  limit,
  chunk,
  failureEvent,
}: {
  header: readonly string[];
  /** Up to `size` rows from `offset` on, in the file's order. */
  chunkAt: (offset: number, size: number) => PromiseLike<Row[]>;
  cells: (row: Row) => readonly CsvValue[];
  limit: number;
  chunk: number;
  failureEvent: string;
}): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let offset = 0;
  let next: Row[] | null = await chunkAt(0, Math.min(chunk, limit));
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)));
    },
    async pull(controller) {
      try {
        const rows = next ?? (await chunkAt(offset, Math.min(chunk, limit - offset)));
        next = null;
        offset += rows.length;
        const text = rows.map((row) => csvRow(cells(row))).join("");
        if (text) controller.enqueue(encoder.encode(text));
        if (rows.length < chunk || offset >= limit) controller.close();
      } catch (error) {
        logError(failureEvent, error, { offset });
        controller.error(error);
      }
    },
  });
}

/** The download's response: `<stem>-<UTC day>.csv`. */
export function csvResponse(body: ReadableStream<Uint8Array>, stem: string, now = new Date()): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${stem}-${now.toISOString().slice(0, 10)}.csv"`,
    },
  });
}
