// The AI-Powered Listing tab (docs/product/listings.md#ai-assistant AI wizard): input → review and edit → listing type → success.
// The wizard keeps its state in the browser (photos included) and saves it on the device after every change, so a
// reload or a sign-in half-way loses nothing. Generation goes to POST /resources/ai-listing (the server talks to the
// model) with copies of the photos shrunk to the model's 1024 px (shrink-photo.ts); creation to /create-listing
// (intent ai-create) with the original files, which checks everything again. Visitors reach step 2 and are asked to
// sign in to save.
import { Alert, Box, Heading, Stack, Text } from "@chakra-ui/react";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { CategoryGroup } from "~/components/listing-form/ListingFormFields.tsx";
import { loginUrl } from "~/lib/http.ts";
import { AI_WIZARD_PATH, aiCreateFormData, checkListingType, checkReview, type AiCreateAnswer, type FieldErrors } from "~/schemas/ai-listing-create.ts";
import { clearDraft, loadDraft, saveDraft } from "./draft-store.ts";
import { GeneratingOverlay } from "./GeneratingOverlay.tsx";
import { generationForm, requestDraft, type GenerationProgress } from "./generate-request.ts";
import { InputStep } from "./InputStep.tsx";
import { analysisCopy } from "./shrink-photo.ts";
import { ListingTypeStep } from "./ListingTypeStep.tsx";
import { ReviewStep } from "./ReviewStep.tsx";
import { StepIndicator } from "./StepIndicator.tsx";
import { SuccessStep } from "./SuccessStep.tsx";
import {
  INITIAL_WIZARD_STATE,
  isEmptyWizard,
  WIZARD_STEP_LABELS,
  wizardReducer,
  type WizardAction,
  type WizardPhoto,
  type WizardState,
} from "./wizard-state.ts";

/** Review fields in the order of the page, with the control each message moves focus to. */
const REVIEW_CONTROLS: Record<string, string> = {
  title: "wizard-title",
  price: "wizard-price",
  condition: "wizard-review-condition",
  brand: "wizard-review-brand",
  model: "wizard-review-model",
  categoryId: "wizard-category",
  description: "wizard-description",
  location: "wizard-location",
  year: "wizard-year",
  serialNumber: "wizard-serial",
};
const TYPE_CONTROLS: Record<string, string> = {
  startingPrice: "wizard-starting-price",
  reservePrice: "wizard-reserve-price",
  duration: "wizard-duration",
};
const INPUT_CONTROLS: Record<string, string> = { brand: "wizard-brand", model: "wizard-model", condition: "wizard-condition" };
const STEP_CHANGES = new Set<WizardAction["type"]>(["generated", "approve", "back", "created", "start-over"]);

function focusFirstError(errors: FieldErrors, controls: Record<string, string>): void {
  const field = Object.keys(controls).find((name) => (errors[name]?.length ?? 0) > 0);
  if (field) document.getElementById(controls[field]!)?.focus();
}

/** Preview URLs for the photos, released when the photos change or the wizard goes away. */
function usePhotoUrls(photos: WizardPhoto[]): Record<string, string> {
  const [urls, setUrls] = useState<Record<string, string>>({});
  useEffect(() => {
    const next: Record<string, string> = {};
    for (const photo of photos) next[photo.id] = URL.createObjectURL(photo.blob);
    setUrls(next);
    return () => Object.values(next).forEach((url) => URL.revokeObjectURL(url));
  }, [photos]);
  return urls;
}

/** A restored draft as it may be shown: a visitor stops at step 2; a finished or broken draft starts over. */
function resumable(stored: WizardState, signedIn: boolean): WizardState {
  if (stored.step === 4 || (stored.step > 1 && !stored.draft)) return { ...stored, step: 1, created: null };
  if (!signedIn && stored.step > 2) return { ...stored, step: 2 };
  return stored;
}

export function AiWizard({ categoryGroups, viewerId }: { categoryGroups: CategoryGroup[]; viewerId: string | null }) {
  const [state, dispatchState] = useReducer(wizardReducer, INITIAL_WIZARD_STATE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [restored, setRestored] = useState(false);
  const [kept, setKept] = useState<"idle" | "saved" | "unavailable">("idle");
  const [progress, setProgress] = useState<GenerationProgress | null>(null);
  const abortRef = useRef<(() => void) | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);
  const handledAnswer = useRef<unknown>(null);
  const fetcher = useFetcher<AiCreateAnswer>();
  const urls = usePhotoUrls(state.photos);
  const signedIn = viewerId !== null;
  const loginHref = loginUrl(AI_WIZARD_PATH);
  const creating = fetcher.state !== "idle";

  const dispatch = useCallback((action: WizardAction) => {
    if (STEP_CHANGES.has(action.type)) {
      stepChanged.current = true;
      setErrors({});
    } else if (action.type === "field" || action.type === "input") {
      // A message goes once its field is changed.
      const field = action.field;
      setErrors((current) => {
        if (!(field in current)) return current;
        const { [field]: _changed, ...rest } = current;
        return rest;
      });
    } else if (action.type === "choose-type") {
      setErrors((current) => ("listingType" in current ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== "listingType")) : current));
    }
    dispatchState(action);
  }, []);

  // The draft kept on this device, if any (after hydration: the server renders step 1).
  useEffect(() => {
    let current = true;
    void loadDraft(viewerId).then((stored) => {
      if (!current) return;
      if (stored) dispatchState({ type: "restore", state: resumable(stored, viewerId !== null) });
      setRestored(true);
    });
    return () => {
      current = false;
    };
  }, [viewerId]);

  // Saved after every change (a moment later, so typing is not slowed); cleared when done or emptied.
  useEffect(() => {
    if (!restored) return;
    if (state.step === 4 || isEmptyWizard(state)) {
      void clearDraft().then(() => setKept("idle"));
      return;
    }
    const timer = setTimeout(() => {
      void saveDraft(viewerId, state).then((ok) => setKept(ok ? "saved" : "unavailable"));
    }, 200);
    return () => clearTimeout(timer);
  }, [state, restored, viewerId]);

  // The photos' analysis copies are made as soon as they are chosen, so Generate rarely waits for them.
  useEffect(() => {
    if (state.step !== 1) return;
    for (const photo of state.photos) void analysisCopy(photo.blob);
  }, [state.step, state.photos]);

  // Focus follows the seller to the new step's heading.
  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    headingRef.current?.focus();
  }, [state.step]);

  // The create form's answer.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handledAnswer.current === answer) return;
    handledAnswer.current = answer;
    if (answer.status === "ai-created") {
      dispatch({ type: "created", listingId: answer.listingId, auctionId: answer.auctionId });
      return;
    }
    const reviewProblem = Object.keys(answer.errors).some(
      (key) => (key.split(".")[0] ?? "") in REVIEW_CONTROLS || key.startsWith("specifications") || key.startsWith("features"),
    );
    if (reviewProblem) dispatch({ type: "back" });
    setErrors(answer.errors);
  }, [fetcher.state, fetcher.data, dispatch]);

  async function generate() {
    setErrors({});
    setProgress({ phase: "uploading", loaded: 0, total: 0 });
    // The analysis gets copies at the model's size, 1024 px (the originals, where they cannot be shrunk); the listing is
    // made from the originals (create, below).
    let cancelled = false;
    abortRef.current = () => {
      cancelled = true;
      abortRef.current = null;
      setProgress(null);
    };
    const copies = await Promise.all(state.photos.map((photo) => analysisCopy(photo.blob)));
    if (cancelled) return;
    const sent = state.photos.map((photo, index) => ({ ...photo, blob: copies[index]!, size: copies[index]!.size }));
    setProgress({ phase: "uploading", loaded: 0, total: sent.reduce((sum, photo) => sum + photo.size, 0) });
    const request = requestDraft(generationForm(state.input, sent), setProgress);
    abortRef.current = request.abort;
    const outcome = await request.result;
    abortRef.current = null;
    setProgress(null);
    if (outcome.ok) {
      dispatch({ type: "generated", draft: outcome.draft });
      return;
    }
    if (outcome.aborted) return;
    setErrors({ ...outcome.errors, "": [outcome.message] });
    focusFirstError(outcome.errors, INPUT_CONTROLS);
  }

  function approve() {
    const review = checkReview(state.fields);
    if (!review.ok) {
      setErrors(review.errors);
      focusFirstError(review.errors, REVIEW_CONTROLS);
      return;
    }
    dispatch({ type: "approve" });
  }

  function create() {
    const review = checkReview(state.fields);
    if (!review.ok) {
      dispatch({ type: "back" });
      setErrors(review.errors);
      return;
    }
    const type = checkListingType(state.fields, review.value.priceCents);
    if (!type.ok) {
      setErrors(type.errors);
      focusFirstError(type.errors, TYPE_CONTROLS);
      return;
    }
    setErrors({});
    const form = aiCreateFormData(state.fields, {
      generationId: state.draft?.generationId ?? null,
      comparables: state.draft?.guidance.comparables ?? [],
    });
    // The listing's photos are the original files (not the analysis copies): the image pipeline makes them.
    for (const photo of state.photos) form.append("images", photo.blob, photo.name);
    fetcher.submit(form, { method: "post", action: AI_WIZARD_PATH, encType: "multipart/form-data" });
  }

  const step = state.step > 1 && !state.draft && state.step !== 4 ? 1 : state.step;
  return (
    <Box as="section" aria-labelledby="ai-listing-heading" borderWidth="1px" rounded="lg" p={{ base: "4", md: "6" }}>
      <Stack gap="6">
        <Stack gap="4">
          <Heading as="h2" size="lg" id="ai-listing-heading">
            AI-Powered Listing
          </Heading>
          <StepIndicator step={step} />
        </Stack>
        <noscript>
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>The AI-Powered Listing needs JavaScript. Without it, please use the Manual Listing form.</Alert.Title>
          </Alert.Root>
        </noscript>
        <Heading as="h3" size="md" ref={headingRef} tabIndex={-1} _focusVisible={{ outline: "2px solid", outlineColor: "blue.focusRing" }}>
          Step {step} of 4: {WIZARD_STEP_LABELS[step]}
        </Heading>
        {errors[""] ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{errors[""].join(" ")}</Alert.Title>
          </Alert.Root>
        ) : null}

        {step === 1 ? (
          <InputStep
            input={state.input}
            photos={state.photos}
            urls={urls}
            errors={errors}
            generating={progress !== null}
            signedIn={signedIn}
            loginHref={loginHref}
            onInput={(field, value) => dispatch({ type: "input", field, value })}
            onAddPhotos={(photos) => dispatch({ type: "add-photos", photos })}
            onRemovePhoto={(id) => dispatch({ type: "remove-photo", id })}
            onGenerate={() => void generate()}
          />
        ) : null}
        {step === 2 && state.draft ? (
          <ReviewStep
            draft={state.draft}
            fields={state.fields}
            photos={state.photos}
            urls={urls}
            categoryGroups={categoryGroups}
            errors={errors}
            signedIn={signedIn}
            loginHref={loginHref}
            dispatch={dispatch}
            onApprove={approve}
          />
        ) : null}
        {step === 3 ? <ListingTypeStep fields={state.fields} errors={errors} creating={creating} dispatch={dispatch} onCreate={create} /> : null}
        {step === 4 && state.created ? (
          <SuccessStep listingId={state.created.listingId} auctionId={state.created.auctionId} onStartOver={() => dispatch({ type: "start-over" })} />
        ) : null}

        {step < 4 ? (
          <Text fontSize="xs" color="fg.muted" data-draft-status={kept} aria-live="off">
            {kept === "saved" ? "Draft saved on this device." : kept === "unavailable" ? "This browser cannot keep the draft: it is lost on reload." : "\u00a0"}
          </Text>
        ) : null}
      </Stack>
      {progress ? <GeneratingOverlay progress={progress} onCancel={() => abortRef.current?.()} /> : null}
    </Box>
  );
}
