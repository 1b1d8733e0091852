// What the HTTP server hands every loader and action.
import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce for inline scripts, matching the Content-Security-Policy header. */
    cspNonce: string;
    /** The client's address (X-Forwarded-For is honoured only with TRUST_PROXY=1). */
    clientIp: string;
  }
}

export {};
