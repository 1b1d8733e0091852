// The live progress of an import's background job, from the seller's event stream (polling as a fallback).
import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { BulkProgressEvent } from "~/flows/index.server.ts";

/** Listens to the seller's live events for this import's progress; null until the first event. */
export function useBulkProgress(importId: number | null, active: boolean): BulkProgressEvent | null {
  const [progress, setProgress] = useState<BulkProgressEvent | null>(null);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active || importId === null) return;
    let poll: ReturnType<typeof setInterval> | null = null;
    const startPolling = () => {
      poll ??= setInterval(() => revalidator.revalidate(), 3_000);
    };
    // A slow check as well: a job that ends before the stream is open sends its last event to nobody.
    const check = setInterval(() => revalidator.revalidate(), 5_000);
    if (typeof EventSource === "undefined") {
      startPolling();
      return () => {
        clearInterval(check);
        clearInterval(poll!);
      };
    }
    const source = new EventSource("/events");
    source.addEventListener("bulk-import", (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as BulkProgressEvent;
      if (next.importId !== importId) return;
      setProgress(next);
      if (next.finished) revalidator.revalidate();
    });
    source.addEventListener("error", startPolling);
    return () => {
      source.close();
      clearInterval(check);
      if (poll) clearInterval(poll);
    };
    // The revalidator object changes on every render; the subscription depends on the import only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [importId, active]);
  return progress;
}
