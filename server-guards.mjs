// Express middleware of server.mjs that decides which requests reach the app (kept apart so tests can call it).

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests whose Origin (or, lacking it, Referer) is not this site. The whole origin is
 * compared, scheme included: http://host is another site to https://host.
 */
export function sameOriginOnly(req, res, next) {
  if (SAFE_METHODS.has(req.method)) return next();
  const host = req.get("X-Forwarded-Host") && req.app.get("trust proxy") ? req.get("X-Forwarded-Host") : req.get("Host");
  const source = req.get("Origin") ?? req.get("Referer");
  let sourceOrigin = null;
  try {
    sourceOrigin = source && source !== "null" ? new URL(source).origin : null;
  } catch {
    sourceOrigin = null;
  }
  if (!sourceOrigin || !host || sourceOrigin !== `${req.protocol}://${host}`) {
    res.status(403).type("text/plain").send("This request came from another site and was refused.");
    return;
  }
  next();
}

/** On a site served over HTTPS (PUBLIC_URL on https), browsers are told to use only HTTPS for a year. */
export function strictTransportSecurity(_req, res, next) {
  res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
}

export const BUSY_MESSAGE = "The marketplace is busy just now. Please try again in a moment.";

/**
 * Admission control (issue 32 §6, docs/decisions/0066): at most `maxInFlight` requests are worked on at once; the
 * next ones wait their turn, in order, up to `maxQueued` of them and `maxWaitMs` each; past that a request is
 * answered 503 with Retry-After before any work starts. Under load a request is slower, never an error: without
 * this, 30 requests rendered at once each took longer than the render timeout, and were aborted mid-render (500).
 * `bypass(req)` names requests that never wait: long-lived streams (/events) and the health check.
 * `maxInFlight` 0 turns it off. `stats()` says what it holds, for tests and benchmarks.
 */
export function admissionControl({ maxInFlight, maxQueued, maxWaitMs, retryAfterSeconds = 5, bypass = () => false }) {
  let inFlight = 0;
  /** Waiting requests, oldest first: each is a function that admits it. */
  const queue = [];
  const release = () => {
    inFlight -= 1;
    while (inFlight < maxInFlight && queue.length > 0) queue.shift()();
  };
  const admit = (res, next) => {
    inFlight += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      release();
    };
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
  const middleware = (req, res, next) => {
    if (maxInFlight <= 0 || bypass(req)) return next();
    if (inFlight < maxInFlight) return admit(res, next);
    if (queue.length >= maxQueued) return answerBusy(req, res, retryAfterSeconds);
    const waiting = () => {
      clearTimeout(timer);
      res.off("close", gone);
      admit(res, next);
    };
    const leave = () => {
      const at = queue.indexOf(waiting);
      if (at !== -1) queue.splice(at, 1);
    };
    const timer = setTimeout(() => {
      leave();
      res.off("close", gone);
      answerBusy(req, res, retryAfterSeconds);
    }, maxWaitMs);
    // A client that gave up while waiting leaves the queue.
    const gone = () => {
      clearTimeout(timer);
      leave();
    };
    res.once("close", gone);
    queue.push(waiting);
  };
  middleware.stats = () => ({ inFlight, queued: queue.length });
  return middleware;
}

/** 503 with Retry-After and the message: a page for a browser, JSON for a script or the app's own data requests. */
function answerBusy(req, res, retryAfterSeconds) {
  if (res.headersSent) return;
  res.status(503).set("Retry-After", String(retryAfterSeconds)).set("Cache-Control", "no-store");
  if (req.accepts(["html", "json"]) === "html" && !req.path.endsWith(".data")) {
    res
      .type("html")
      .send(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy just now · Tradebench</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;text-align:center"><p style="font-size:3rem;font-weight:bold;margin:0">503</p><h1>Busy just now</h1><p>${BUSY_MESSAGE}</p><p><a href="">Try again</a></p></body></html>`,
      );
  } else {
    res.json({ message: BUSY_MESSAGE });
  }
}

/** Requests the admission control never holds: the live-event stream (open for as long as the page) and /healthz. */
export function neverQueued(req) {
  return req.path === "/events" || req.path === "/healthz";
}

/** The admission limits from the environment (REQUEST_CONCURRENCY, REQUEST_QUEUE, REQUEST_QUEUE_WAIT_MS). */
export function admissionLimits(env = process.env) {
  const whole = (name, fallback, min) => {
    const value = env[name];
    if (value === undefined || value === "") return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min) throw new Error(`${name}: use a whole number, at least ${min} (got "${value}").`);
    return number;
  };
  return {
    maxInFlight: whole("REQUEST_CONCURRENCY", 8, 0),
    maxQueued: whole("REQUEST_QUEUE", 200, 0),
    maxWaitMs: whole("REQUEST_QUEUE_WAIT_MS", 15_000, 1),
  };
}
