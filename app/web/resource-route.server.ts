// Resource routes (modules without a page: the toggles, the feeds, the files) answer with a Response whatever their
// handler does. Remix serves them differently from pages: a `data()` they return loses its status (watching a draft
// answered 200 "Listing not found"), a `data()` or a refusal they throw reaches the visitor as "Unexpected Server
// Error" with the right status but not the message, and a method the module has no handler for is a 405 worded the
// same way. `resourceHandler` turns each of these into JSON with its status and message; `methodNotAllowed` is the
// handler for the methods a module does not serve.
import { isDomainError } from "~/services/domain-error.ts";
import { refusalBody, refusalInit } from "./domain-answer.server.ts";

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && "type" in value && (value as { type: unknown }).type === "DataWithResponseInit";
}

/** A `data(body, init)` as the JSON Response a resource route must give for its status and headers to be kept. */
function asJson(value: DataWithInit): Response {
  return Response.json(value.data, value.init ?? undefined);
}

/**
 * The handler's answers as Responses: a returned or thrown `data()` keeps its status, headers and body; a thrown
 * DomainError is its refusal (status and message); a returned plain value is JSON. Thrown Responses (redirects) and
 * real failures go on as they are.
 */
export function resourceHandler<Args>(handler: (args: Args) => unknown): (args: Args) => Promise<Response> {
  return async (args) => {
    let value: unknown;
    try {
      value = await handler(args);
    } catch (error) {
      if (isDataWithInit(error)) return asJson(error);
      if (isDomainError(error)) return Response.json(refusalBody(error), refusalInit(error));
      throw error;
    }
    if (value instanceof Response) return value;
    if (isDataWithInit(value)) return asJson(value);
    return Response.json(value ?? null);
  };
}

/** The 405 of a method this address does not serve, naming the ones it does. */
function methodNotAllowed(allowed: readonly string[]): Response {
  return Response.json(
    { message: `This address answers ${allowed.join(" and ")} requests only.` },
    { status: 405, headers: { Allow: allowed.join(", "), "Cache-Control": "no-store" } },
  );
}

/** The action of a resource route that only serves GET (and HEAD): every other method is a 405 with a message. */
export async function onlyGet(): Promise<Response> {
  return methodNotAllowed(["GET", "HEAD"]);
}
