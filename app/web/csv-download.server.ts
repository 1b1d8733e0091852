// The one way an admin CSV export answers: its lines (text chunks that a service reads page by page) streamed as a
// download that no cache keeps. The first chunk is read before the answer starts, so a refused filter is a message in
// plain text with the refusal's status (REFUSAL_STATUS), not half a file; a failure later ends the download with an error.
import { isDomainError } from "~/services/domain-error.ts";
import { refusalInit } from "~/web/domain-answer.server.ts";

/** An export refused before it starts (a filter the page would refuse): its message as plain text. */
export function csvRefusal(message: string, status = 400): Response {
  return new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** `lines` as the download `tradebench-<name>-<today>.csv`. */
export async function csvDownload(lines: AsyncGenerator<string>, name: string): Promise<Response> {
  let pending: IteratorResult<string> | null;
  // The one refusal an export answers itself: the first page's, as text (a download cannot show the error page).
  try {
    pending = await lines.next();
  } catch (error) {
    if (isDomainError(error)) return csvRefusal(error.message, refusalInit(error).status);
    throw error;
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A page that fails midway ends the stream with the error: the browser shows the download as failed.
      try {
        const next = pending ?? (await lines.next());
        pending = null;
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tradebench-${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
