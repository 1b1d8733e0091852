// Page links for the rows of a large import.
import { HStack, Link } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { bulkImportUrl } from "~/schemas/bulk-import.ts";
import type { BulkImportView } from "~/services/bulk-import/index.server.ts";

export function RowPages({ view }: { view: BulkImportView }) {
  if (view.pageCount <= 1) return null;
  return (
    <HStack as="nav" aria-label="Rows pages" flexWrap="wrap">
      {Array.from({ length: view.pageCount }, (_, i) => i + 1)
        .filter((p) => p === 1 || p === view.pageCount || Math.abs(p - view.page) <= 2)
        .map((p) => (
          <Link key={p} asChild aria-current={p === view.page ? "page" : undefined} fontWeight={p === view.page ? "bold" : "normal"}>
            <RemixLink to={bulkImportUrl(view.id, p)}>{p}</RemixLink>
          </Link>
        ))}
    </HStack>
  );
}
