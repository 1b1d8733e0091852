// Fetching a photo from an address a seller gave (the bulk import's photo_urls), without letting the
// address reach inside Tradebench's own network (SSRF): http and https only; the host's addresses are checked after
// DNS resolution, inside the connection's own lookup (so the address checked is the address connected to: no
// rebinding between the two); private, loopback, link-local, shared and reserved ranges are refused; every redirect
// goes through the same checks; 10 s for the whole fetch; at most 10 MB, counted as the bytes arrive.
// PHOTO_FETCH_ALLOWED_HOSTS (tests and the benchmark only) lets named host:port pairs through.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { getEnv } from "~/env.server.ts";
import { DomainError } from "../domain-error.ts";

const REMOTE_PHOTO_LIMITS = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 } as const;

export const REMOTE_PHOTO_MESSAGES = {
  scheme: "Only http and https photo addresses can be fetched",
  privateAddress: "The photo address points to a private or local network, which is not allowed",
  unresolved: "The photo's host name could not be found",
  status: (status: number) => `The photo could not be fetched (HTTP ${status})`,
  timeout: `The photo took longer than ${REMOTE_PHOTO_LIMITS.timeoutMs / 1000} s to fetch`,
  tooLarge: `The photo is larger than ${REMOTE_PHOTO_LIMITS.maxBytes / 1024 / 1024} MB`,
  redirects: "The photo address redirected too many times",
  failed: "The photo could not be fetched",
  invalid: "The photo address is not a valid URL",
} as const;

/** Addresses a fetch may never reach. */
const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/** Whether a fetch may connect to this IP address. IPv4-mapped IPv6 addresses are judged as the IPv4 address. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = net.isIP(ip);
  if (family === 0) return false;
  return !BLOCKED.check(ip, family === 4 ? "ipv4" : "ipv6");
}

export interface RemotePhotoOptions {
  /** host:port pairs let through although private (tests); PHOTO_FETCH_ALLOWED_HOSTS unless given. */
  allowHosts?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
}

function refuse(message: string): DomainError {
  return new DomainError("invalid", message, { code: "photo_fetch" });
}

function hostKey(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.replace(/^\[|\]$/g, "").toLowerCase()}:${port}`;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A DNS lookup that refuses a host whose addresses include one a fetch may not reach. */
function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
    if (error) return callback(error, "");
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      const refused = Object.assign(new Error(REMOTE_PHOTO_MESSAGES.privateAddress), { code: "EPRIVATE" });
      return callback(refused, "");
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

interface Hop {
  status: number;
  location: string | null;
  body: Uint8Array | null;
}

function requestOnce(url: URL, allowed: boolean, maxBytes: number, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      {
        signal,
        headers: { "User-Agent": "Tradebench-BulkImport/1.0", Accept: "image/*" },
        // Allowed hosts (tests) skip the address check; everyone else goes through it.
        ...(allowed ? {} : { lookup: checkedLookup as unknown as net.LookupFunction }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location: response.headers.location ?? null, body: null });
        }
        if (status !== 200) {
          response.resume();
          return resolve({ status, location: null, body: null });
        }
        const declared = Number(response.headers["content-length"] ?? "0");
        if (declared > maxBytes) {
          response.destroy();
          return reject(refuse(REMOTE_PHOTO_MESSAGES.tooLarge));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > maxBytes) {
            response.destroy();
            reject(refuse(REMOTE_PHOTO_MESSAGES.tooLarge));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, location: null, body: new Uint8Array(Buffer.concat(chunks)) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

/** The bytes of the photo at `address`, or a DomainError (code photo_fetch) with the reason to show on the row. */
export async function fetchRemotePhoto(address: string, options: RemotePhotoOptions = {}): Promise<Uint8Array> {
  const allowHosts = new Set(options.allowHosts ?? getEnv().PHOTO_FETCH_ALLOWED_HOSTS);
  const maxBytes = options.maxBytes ?? REMOTE_PHOTO_LIMITS.maxBytes;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REMOTE_PHOTO_LIMITS.timeoutMs);
  try {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw refuse(REMOTE_PHOTO_MESSAGES.invalid);
    }
    for (let hop = 0; hop <= REMOTE_PHOTO_LIMITS.maxRedirects; hop += 1) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse(REMOTE_PHOTO_MESSAGES.scheme);
      if (url.username || url.password) throw refuse(REMOTE_PHOTO_MESSAGES.invalid);
      const allowed = allowHosts.has(hostKey(url));
      const literal = url.hostname.replace(/^\[|\]$/g, "");
      if (!allowed && net.isIP(literal) !== 0 && !isPublicAddress(literal)) throw refuse(REMOTE_PHOTO_MESSAGES.privateAddress);
      let answer: Hop;
      try {
        answer = await requestOnce(url, allowed, maxBytes, controller.signal);
      } catch (error) {
        if (error instanceof DomainError) throw error;
        if (controller.signal.aborted) throw refuse(REMOTE_PHOTO_MESSAGES.timeout);
        const code = (error as { code?: string }).code;
        if (code === "EPRIVATE") throw refuse(REMOTE_PHOTO_MESSAGES.privateAddress);
        if (code === "ENOTFOUND" || code === "EAI_AGAIN") throw refuse(REMOTE_PHOTO_MESSAGES.unresolved);
        throw refuse(REMOTE_PHOTO_MESSAGES.failed);
      }
      if (answer.body) return answer.body;
      if (answer.location === null) throw refuse(REMOTE_PHOTO_MESSAGES.status(answer.status));
      try {
        url = new URL(answer.location, url);
      } catch {
        throw refuse(REMOTE_PHOTO_MESSAGES.invalid);
      }
    }
    throw refuse(REMOTE_PHOTO_MESSAGES.redirects);
  } finally {
    clearTimeout(timer);
  }
}
