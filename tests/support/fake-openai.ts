// A local OpenAI-compatible HTTP server (POST /v1/chat/completions) that the real openai SDK talks to in tests.
// It answers like a model would — photo readings for requests with images, listings for the others, built
// deterministically from the "Brand:" and "Model:" lines of the prompt — or as scripted: malformed JSON, an HTTP
// error with its body and headers, a slow answer, a dropped connection. Every request is recorded.
//
//   const fake = await startFakeOpenAi();
//   fake.script("generation", { kind: "status", status: 429 }, { kind: "listing" });  // 429, then a good listing
//   … OPENAI_BASE_URL = fake.url …
//   expect(fake.count("generation")).toBe(2);
//   await fake.close();
//
// Unscripted requests get the default answer. A model text can also pick the answer (for end-to-end tests, where
// the script is out of reach): "FAKE-500", "FAKE-429", "FAKE-401", "FAKE-MALFORMED", "FAKE-SLOW" (never answers) in
// the Model line make every request for that equipment answer so.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { factsInPrompt } from "../../app/lib/ai/prompts.ts";

export type RequestKind = "analysis" | "generation";

export type FakeReply =
  /** A good answer: a photo reading or a listing from the prompt's brand and model; `override` replaces fields. */
  | { kind: "listing"; override?: Record<string, unknown> }
  | { kind: "analysis"; override?: Record<string, unknown> }
  /** A 200 answer whose message content is exactly this text (malformed JSON, prose around JSON…). */
  | { kind: "content"; content: string }
  /** An HTTP error: the status, an OpenAI-style error body unless `body` is given, and headers (retry-after…). */
  | { kind: "status"; status: number; body?: unknown; headers?: Record<string, string> }
  /** Answer `then` (default: the good answer) after `delayMs`; with no delay given, never answer. */
  | { kind: "slow"; delayMs?: number; then?: FakeReply }
  /** Close the connection without an answer. */
  | { kind: "drop" };

export interface RecordedRequest {
  kind: RequestKind;
  path: string;
  authorization: string | null;
  /** The parsed JSON body (model, messages, temperature, max_tokens, response_format…). */
  body: ChatBody;
  /** The user message's text. */
  prompt: string;
  /** The image data URLs sent. */
  images: string[];
  /** When it arrived (Date.now()). */
  at: number;
}

interface ChatBody {
  model?: string;
  messages?: Array<{ role: string; content: string | Array<{ type: string; text?: string; image_url?: { url: string } }> }>;
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  [key: string]: unknown;
}

export interface FakeOpenAi {
  /** The base URL to give the SDK (ends in /v1). */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Queues answers for the next requests of one kind (or of any kind: "any"), used in order. */
  script(kind: RequestKind | "any", ...replies: FakeReply[]): void;
  /** How many requests of a kind arrived (all when no kind). */
  count(kind?: RequestKind): number;
  /** Forgets the script and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

// ——— Good answers ———

function titleCase(text: string): string {
  return text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/** A listing as a model might write it, from the brand and model only: the same input gives the same listing. */
export function fakeListing(brand: string, model: string, category: string | null): Record<string, unknown> {
  const kind = category
    ? category
        .replace(/\s*\(.*\)$/, "")
        .replace(/s$/, "")
        .toLowerCase()
    : "industrial instrument";
  const what = `${brand} ${model}`;
  const paragraphs = [
    `This ${what} is a professional ${kind} from one of the established makers of the trade. It is offered on Tradebench by a seller who has described its condition honestly and photographed the unit from every side, including the nameplate, so that a buyer can confirm the exact model and its fitted options before bidding or buying.`,
    `The ${model} was designed for demanding daily work in laboratories, service departments, production lines and field operations. Engineers choose it for its dependable performance, its clear controls and the long support life its maker gives the platform. Spare parts, manuals and accessories remain easy to find, which keeps the cost of ownership low for years to come.`,
    `Before purchase, a careful buyer usually checks the installed options, the firmware or software revision, the operating hours and the service history. The seller is glad to answer questions through Tradebench messages and can send additional photos of any detail on request, including close views of connectors, labels and the front panel.`,
    `The unit will be packed with care for shipping, with protection suited to its size and weight. Payment runs through Tradebench escrow, so the seller is paid only after the buyer has received the equipment and confirmed it matches this description. Buyer protection applies to every order placed through the marketplace.`,
    `This ${what} suits a buyer who needs proven equipment at a fair price without the long lead times of a new order.`,
  ];
  return {
    title: `${what} ${titleCase(kind)}`.slice(0, 80),
    description: paragraphs.join("\n\n"),
    specifications: [
      { key: "Manufacturer", value: brand },
      { key: "Model", value: model },
      { key: "Equipment Type", value: titleCase(kind) },
      { key: "Country of Origin", value: "Not stated" },
    ],
    features: [
      `Genuine ${brand} equipment`,
      `Model ${model} as shown on the nameplate`,
      "Photographed from every side",
      "Questions answered through Tradebench messages",
      "Packed with care for shipping",
      "Paid through Tradebench escrow",
    ],
    equipmentType: kind,
  };
}

/** A photo reading as a vision model might give it. */
export function fakeAnalysis(brand: string, model: string): Record<string, unknown> {
  return {
    labels: [
      { description: "Electronic instrument", score: 0.93 },
      { description: "Front panel", score: 0.81 },
    ],
    objects: [{ name: "Equipment", score: 0.88 }],
    text: [brand.toUpperCase(), `MODEL ${model}`, "S/N FAKE0001"],
    nameplate: { brand, model, serial: "FAKE0001", options: [] },
  };
}

// ——— The server ———

function userText(body: ChatBody): { prompt: string; images: string[] } {
  const texts: string[] = [];
  const images: string[] = [];
  for (const message of body.messages ?? []) {
    if (message.role !== "user") continue;
    if (typeof message.content === "string") texts.push(message.content);
    else
      for (const part of message.content) {
        if (part.type === "text" && part.text) texts.push(part.text);
        if (part.type === "image_url" && part.image_url) images.push(part.image_url.url);
      }
  }
  return { prompt: texts.join("\n"), images };
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
    usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
  };
}

const STATUS_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  409: "conflict_error",
  422: "unprocessable_entity_error",
  429: "rate_limit_error",
};

/** A reply picked by the model text, for end-to-end tests. */
function replyFromModelText(model: string | null): FakeReply | null {
  const text = (model ?? "").toUpperCase();
  if (text.includes("FAKE-500")) return { kind: "status", status: 500 };
  if (text.includes("FAKE-429")) return { kind: "status", status: 429, headers: { "retry-after-ms": "10" } };
  if (text.includes("FAKE-401")) return { kind: "status", status: 401 };
  if (text.includes("FAKE-MALFORMED")) return { kind: "content", content: "I'm sorry, I can only answer in prose today." };
  if (text.includes("FAKE-SLOW")) return { kind: "slow" };
  return null;
}

export async function startFakeOpenAi(options: { port?: number; host?: string } = {}): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  const queues: Record<RequestKind | "any", FakeReply[]> = { analysis: [], generation: [], any: [] };
  const timers = new Set<NodeJS.Timeout>();

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  function answer(res: http.ServerResponse, req: http.IncomingMessage, recorded: RecordedRequest, reply: FakeReply) {
    const facts = factsInPrompt(recorded.prompt);
    const brand = facts.brand ?? "Unknown";
    const model = facts.model ?? "Unknown";
    const modelName = recorded.body.model ?? "fake-model";
    switch (reply.kind) {
      case "listing":
        return send(res, 200, completion(modelName, JSON.stringify({ ...fakeListing(brand, model, facts.category), ...reply.override })));
      case "analysis":
        return send(res, 200, completion(modelName, JSON.stringify({ ...fakeAnalysis(brand, model), ...reply.override })));
      case "content":
        return send(res, 200, completion(modelName, reply.content));
      case "status":
        return send(
          res,
          reply.status,
          reply.body ?? { error: { message: `Fake error ${reply.status}`, type: STATUS_TYPES[reply.status] ?? "server_error", param: null, code: null } },
          reply.headers,
        );
      case "slow": {
        if (reply.delayMs === undefined) return; // never answers; the client gives up (or close() ends it)
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer(res, req, recorded, reply.then ?? goodReply(recorded.kind));
        }, reply.delayMs);
        timers.add(timer);
        return;
      }
      case "drop":
        req.socket.destroy();
        return;
    }
  }

  const goodReply = (kind: RequestKind): FakeReply => (kind === "analysis" ? { kind: "analysis" } : { kind: "listing" });

  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    if (req.method === "GET" && (url === "/healthz" || url === "/health")) {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("ok");
      return;
    }
    if (req.method === "GET" && url.endsWith("/models")) {
      send(res, 200, { object: "list", data: [{ id: "fake-model", object: "model", created: 0, owned_by: "tradebench-tests" }] });
      return;
    }
    if (req.method !== "POST" || !url.endsWith("/chat/completions")) {
      send(res, 404, { error: { message: `No route ${req.method} ${url}`, type: "not_found_error", param: null, code: null } });
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: ChatBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatBody;
      } catch {
        send(res, 400, { error: { message: "Body is not JSON", type: "invalid_request_error", param: null, code: null } });
        return;
      }
      const { prompt, images } = userText(body);
      const kind: RequestKind = images.length > 0 ? "analysis" : "generation";
      const auth = req.headers.authorization;
      const recorded: RecordedRequest = { kind, path: url, authorization: typeof auth === "string" ? auth : null, body, prompt, images, at: Date.now() };
      requests.push(recorded);
      const reply = queues[kind].shift() ?? queues.any.shift() ?? replyFromModelText(factsInPrompt(prompt).model) ?? goodReply(kind);
      answer(res, req, recorded, reply);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}/v1`,
    port,
    requests,
    script(kind, ...replies) {
      queues[kind].push(...replies);
    },
    count(kind) {
      return kind ? requests.filter((r) => r.kind === kind).length : requests.length;
    },
    reset() {
      requests.length = 0;
      for (const queue of Object.values(queues)) queue.length = 0;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
