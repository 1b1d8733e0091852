// The admin exports' one CSV answer (app/web/csv-download.server.ts): a download of the lines as they are read, a
// refusal of the first page as its message in plain text with the refusal's status, a later failure as a failed stream.
import { describe, expect, it } from "vitest";
import { DomainError } from "~/services/domain-error.ts";
import { csvDownload, csvRefusal } from "~/web/csv-download.server.ts";

async function* linesOf(chunks: string[], failAt?: { index: number; error: unknown }): AsyncGenerator<string> {
  for (const [index, chunk] of chunks.entries()) {
    if (failAt?.index === index) throw failAt.error;
    yield chunk;
  }
}

describe("csvDownload", () => {
  it("streams every chunk as a download named after the export and today, never cached", async () => {
    const answer = await csvDownload(linesOf(["email\n", "a@example.com\n"]), "newsletter-subscribed");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Content-Disposition")).toBe(
      `attachment; filename="tradebench-newsletter-subscribed-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(await answer.text()).toBe("email\na@example.com\n");
  });

  it("answers a refusal of the first page with its message as text and its status, not half a file", async () => {
    const answer = await csvDownload(linesOf(["x"], { index: 0, error: new DomainError("invalid", "Unknown action") }), "audit-log");
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await answer.text()).toBe("Unknown action\n");
  });

  it("throws a crash of the first page on, and ends the stream with a later failure", async () => {
    const crash = new Error("database unreachable");
    await expect(csvDownload(linesOf(["x"], { index: 0, error: crash }), "sales-all")).rejects.toBe(crash);
    const answer = await csvDownload(linesOf(["head\n", "row\n"], { index: 1, error: crash }), "sales-all");
    await expect(answer.text()).rejects.toBe(crash);
  });
});

describe("csvRefusal", () => {
  it("is the message as plain text, 400 unless told, never cached", async () => {
    const answer = csvRefusal("Please check the search.");
    expect([answer.status, answer.headers.get("Cache-Control"), await answer.text()]).toEqual([400, "no-store", "Please check the search.\n"]);
  });
});
