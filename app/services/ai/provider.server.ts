// The language model behind the AI listing creator: any OpenAI-compatible endpoint (OpenAI, Azure, a local
// llama.cpp / Ollama / vLLM server), reached only from the server with the key from the environment. One chat
// completion at a time, within a deadline, retried per app/lib/ai/retry.ts; every failure becomes an AiFailure of
// one class of docs/product/listings.md#ai-assistant.
import type * as OpenAiSdk from "openai";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { getEnv, type Env } from "~/env.server.ts";
import { AiFailure, cappedRetryDelayMs, failureClassForStatus } from "~/lib/ai/failures.ts";
import { RETRY_POLICY, backoffDelayMs, isRetryable } from "~/lib/ai/retry.ts";

export interface AiConfig {
  /** Null: no model is configured; the built-in generator writes every listing and nothing is sent anywhere. */
  apiKey: string | null;
  /** Null: the SDK's default (OpenAI). */
  baseURL: string | null;
  model: string;
  visionModel: string;
  /** The longest a seller waits for the model: photo reading, writing and retries together. */
  timeoutMs: number;
}

export function aiConfigFromEnv(
  env: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL" | "OPENAI_MODEL" | "OPENAI_VISION_MODEL" | "OPENAI_TIMEOUT_MS"> = getEnv(),
): AiConfig {
  return {
    apiKey: env.OPENAI_API_KEY ?? null,
    baseURL: env.OPENAI_BASE_URL ?? null,
    model: env.OPENAI_MODEL,
    visionModel: env.OPENAI_VISION_MODEL,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
  };
}

type OpenAI = OpenAiSdk.OpenAI;

const clients = new Map<string, OpenAI>();

/**
 * The SDK, loaded the first time a model is called rather than when the server starts (start work only
 * for what every request needs). Its errors can only exist once it is loaded, which failureOf relies on.
 */
let sdk: typeof OpenAiSdk | undefined;

/** The SDK client for a configuration (kept per key and address); null without a key. */
export async function aiClient(config: AiConfig): Promise<OpenAI | null> {
  if (!config.apiKey) return null;
  sdk ??= await import("openai");
  const cacheKey = `${config.baseURL ?? ""}\n${config.apiKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    // maxRetries 0: retries are ours (chatCompletion below), bounded by the seller's deadline.
    client = new sdk.default({ apiKey: config.apiKey, baseURL: config.baseURL ?? undefined, maxRetries: 0, timeout: config.timeoutMs });
    clients.set(cacheKey, client);
  }
  return client;
}

/** The failure class and message of anything a provider call threw. */
export function failureOf(error: unknown): AiFailure {
  if (error instanceof AiFailure) return error;
  if (sdk && error instanceof sdk.APIUserAbortError) return new AiFailure("aborted");
  if (sdk && error instanceof sdk.APIConnectionTimeoutError) return new AiFailure("timeout");
  if (sdk && error instanceof sdk.APIConnectionError) return new AiFailure("connection", error.message);
  if (sdk && error instanceof sdk.APIError && typeof error.status === "number")
    return new AiFailure(failureClassForStatus(error.status), `HTTP ${error.status}`);
  if (error instanceof Error && error.name === "AbortError") return new AiFailure("aborted");
  return new AiFailure("unexpected", error instanceof Error ? error.message : String(error));
}

export interface CallOptions {
  /** Date.now() by which the answer must be in; no attempt or wait goes past it. */
  deadline: number;
  /** Cancels the call (the seller left). */
  signal?: AbortSignal;
  /** Waits between attempts (tests pass one that records). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

export interface CallResult {
  completion: ChatCompletion;
  /** Requests sent (1 + retries). */
  attempts: number;
  /** Time spent on the model: requests and the waits between them. */
  modelMs: number;
}

/** Thrown with the time already spent, so the caller can account for it. */
export class ProviderCallError extends Error {
  constructor(
    readonly failure: AiFailure,
    readonly attempts: number,
    readonly modelMs: number,
  ) {
    super(failure.message);
    this.name = "ProviderCallError";
  }
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AiFailure("aborted"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AiFailure("aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The shortest attempt worth starting: with less time left, the call gives up as timed out. */
const MIN_ATTEMPT_MS = 50;

/**
 * One chat completion: at most RETRY_POLICY.retries more attempts after a retryable failure, waiting the backoff (or
 * the provider's Retry-After, capped at the same 8 s), never past the deadline.
 */
export async function chatCompletion(client: OpenAI, body: ChatCompletionCreateParamsNonStreaming, options: CallOptions): Promise<CallResult> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const started = now();
  let attempts = 0;
  for (;;) {
    const remaining = options.deadline - now();
    if (remaining < MIN_ATTEMPT_MS) throw new ProviderCallError(new AiFailure("timeout"), attempts, now() - started);
    attempts += 1;
    let failure: AiFailure;
    let headers: Headers | undefined;
    try {
      const completion = await client.chat.completions.create(body, { signal: options.signal, timeout: Math.floor(remaining), maxRetries: 0 });
      return { completion, attempts, modelMs: now() - started };
    } catch (error) {
      failure = failureOf(error);
      if (sdk && error instanceof sdk.APIError && error.headers instanceof Headers) headers = error.headers;
    }
    if (attempts > RETRY_POLICY.retries || !isRetryable(failure.failureClass)) throw new ProviderCallError(failure, attempts, now() - started);
    const asked = headers ? cappedRetryDelayMs(headers, RETRY_POLICY.maxDelayMs) : null;
    const wait = asked ?? backoffDelayMs(attempts - 1);
    if (now() + wait + MIN_ATTEMPT_MS > options.deadline) throw new ProviderCallError(failure, attempts, now() - started);
    try {
      await sleep(wait, options.signal);
    } catch (error) {
      throw new ProviderCallError(failureOf(error), attempts, now() - started);
    }
  }
}
