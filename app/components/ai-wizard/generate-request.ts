// Asking the server for a draft (POST /resources/ai-listing, multipart: brand, model, condition, photos) with
// XMLHttpRequest, whose upload events give the overlay real progress: the bytes sent, then the wait for the
// server's answer. The browser never talks to a model and never holds a credential: the server does both.
import type { AiListingDraft } from "~/lib/ai/draft.ts";
import { AI_LISTING_MESSAGES, type FieldErrors } from "~/schemas/ai-listing-create.ts";
import type { WizardInput, WizardPhoto } from "./wizard-state.ts";

const AI_LISTING_ENDPOINT = "/resources/ai-listing";

/** Where a generation is: sending photos (bytes so far), or waiting for the server to read, write and price. */
export type GenerationProgress = { phase: "uploading"; loaded: number; total: number } | { phase: "waiting" } | { phase: "answered" };

export type GenerationResult = { ok: true; draft: AiListingDraft } | { ok: false; aborted: boolean; message: string; errors: FieldErrors };

/** The server's 400 and 429 answers: `{ errors?: Record<field, string[]>, message?: string }`. */
function readProblem(text: string): { message: string | null; errors: FieldErrors } {
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
    const errors: FieldErrors = {};
    if (body.errors && typeof body.errors === "object") {
      for (const [field, list] of Object.entries(body.errors as Record<string, unknown>)) {
        if (Array.isArray(list)) errors[field] = list.filter((m): m is string => typeof m === "string");
      }
    }
    return { message: typeof body.message === "string" ? body.message : null, errors };
  } catch {
    return { message: null, errors: {} };
  }
}

function isDraft(value: unknown): value is AiListingDraft {
  if (!value || typeof value !== "object") return false;
  const draft = value as Partial<AiListingDraft>;
  return (
    typeof draft.generationId === "number" &&
    typeof draft.title === "string" &&
    typeof draft.description === "string" &&
    typeof draft.priceCents === "number" &&
    Array.isArray(draft.specifications) &&
    Array.isArray(draft.features) &&
    typeof draft.guidance === "object" &&
    draft.guidance !== null
  );
}

export function generationForm(input: WizardInput, photos: readonly WizardPhoto[], categoryId?: string): FormData {
  const form = new FormData();
  form.set("brand", input.brand.trim());
  form.set("model", input.model.trim());
  form.set("condition", input.condition);
  if (categoryId) form.set("categoryId", categoryId);
  for (const photo of photos) form.append("photos", photo.blob, photo.name);
  return form;
}

/** Sends the generation request; `abort` cancels it (the result then says aborted). */
export function requestDraft(form: FormData, onProgress: (progress: GenerationProgress) => void): { result: Promise<GenerationResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const result = new Promise<GenerationResult>((resolve) => {
    const fail = (message: string, errors: FieldErrors = {}, aborted = false) => resolve({ ok: false, aborted, message, errors });
    xhr.open("POST", AI_LISTING_ENDPOINT);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      onProgress({ phase: "uploading", loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    };
    xhr.upload.onload = () => onProgress({ phase: "waiting" });
    xhr.onload = () => {
      onProgress({ phase: "answered" });
      if (xhr.status === 200) {
        try {
          const body: unknown = JSON.parse(xhr.responseText);
          if (isDraft(body)) return resolve({ ok: true, draft: body });
        } catch {
          // An unreadable answer is a failed generation.
        }
        return fail(AI_LISTING_MESSAGES.failedToGenerate);
      }
      const problem = readProblem(xhr.responseText);
      return fail(problem.message ?? AI_LISTING_MESSAGES.failedToGenerate, problem.errors);
    };
    xhr.onerror = () => fail(AI_LISTING_MESSAGES.failedToGenerate);
    xhr.ontimeout = () => fail(AI_LISTING_MESSAGES.failedToGenerate);
    xhr.onabort = () => fail("Generation cancelled.", {}, true);
    xhr.send(form);
  });
  return { result, abort: () => xhr.abort() };
}
