// /verification-documents/{id}: one document of a seller verification application, for its applicant and
// for staff holding can_manage_users; not found for anyone else. Never cached, sent as an attachment so a PDF or an
// image opens in the browser's own viewer and never as a page of this site.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { verificationDocumentFor } from "~/services/admin/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { onlyGet, resourceHandler } from "~/web/resource-route.server.ts";
import { routeIdOf } from "~/web/route-params.server.ts";

async function serveDocument({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = routeIdOf(params.id);
  if (id === null) throw new DomainError("not_found", "Document not found");
  const document = await verificationDocumentFor(getDb(), getUploadStore(), { id: user.id, role: user.role }, id);
  return new Response(document.bytes, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": `attachment; filename="${document.fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const loader = resourceHandler(serveDocument);
export const action = onlyGet;
