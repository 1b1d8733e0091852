// A small S3-compatible server for tests: path-style requests (http://host/bucket/key) for PutObject, GetObject,
// HeadObject, DeleteObject, ListObjectsV2 and DeleteObjects, objects held in memory. Enough of the REST API that the
// real @aws-sdk/client-s3 talks HTTP to it as to MinIO or AWS: requests must be signed (AWS4-HMAC-SHA256) with the
// server's access key, and a signed payload hash must match the body that arrived.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3Object {
  bytes: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The objects of a bucket (made on first use). */
  bucket(name: string): Map<string, FakeS3Object>;
  /** Every request as "METHOD /path?query", in order. */
  requests: string[];
  close(): Promise<void>;
}

export interface FakeS3Options {
  /** Buckets that exist; any other answers NoSuchBucket. */
  buckets: string[];
  /** Keys a ListObjectsV2 page holds at most (S3's own is 1,000), to exercise continuation tokens. */
  pageSize?: number;
}

const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const xmlUnescape = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

function xml(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "Content-Type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function s3Error(res: http.ServerResponse, status: number, code: string, message: string, resource = ""): void {
  if (res.req.method === "HEAD") {
    res.writeHead(status);
    res.end();
    return;
  }
  xml(res, status, `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource></Error>`);
}

async function bodyOf(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3Server(options: FakeS3Options): Promise<FakeS3Server> {
  const accessKeyId = "TESTACCESSKEY";
  const secretAccessKey = crypto.randomBytes(20).toString("hex");
  const buckets = new Map(options.buckets.map((name) => [name, new Map<string, FakeS3Object>()]));
  const requests: string[] = [];
  const pageSize = options.pageSize ?? 1000;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake-s3");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const authorization = req.headers.authorization ?? "";
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      s3Error(res, 403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
      return;
    }
    const body = await bodyOf(req);
    const payloadHash = req.headers["x-amz-content-sha256"];
    if (typeof payloadHash === "string" && /^[0-9a-f]{64}$/.test(payloadHash)) {
      if (crypto.createHash("sha256").update(body).digest("hex") !== payloadHash) {
        s3Error(res, 400, "XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match what was computed.");
        return;
      }
    }
    const [, bucketName = "", ...keyParts] = url.pathname.split("/");
    const key = keyParts.map(decodeURIComponent).join("/");
    const bucket = buckets.get(decodeURIComponent(bucketName));
    if (!bucket) {
      s3Error(res, 404, "NoSuchBucket", "The specified bucket does not exist", url.pathname);
      return;
    }

    if (key === "") {
      if (req.method === "GET" && url.searchParams.get("list-type") === "2") {
        const prefix = url.searchParams.get("prefix") ?? "";
        const after = url.searchParams.get("continuation-token") ?? url.searchParams.get("start-after") ?? "";
        const limit = Math.min(pageSize, Number(url.searchParams.get("max-keys") ?? 1000));
        const matching = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = matching.slice(0, limit);
        const truncated = matching.length > page.length;
        const contents = page
          .map((k) => {
            const object = bucket.get(k)!;
            return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>&quot;${object.etag}&quot;</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join("");
        xml(
          res,
          200,
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(bucketName)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${limit}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${
            truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ""
          }</ListBucketResult>`,
        );
        return;
      }
      if (req.method === "POST" && url.searchParams.has("delete")) {
        const keys = [...body.toString("utf8").matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((match) => xmlUnescape(match[1]!));
        for (const k of keys) bucket.delete(k);
        const quiet = /<Quiet>true<\/Quiet>/.test(body.toString("utf8"));
        const deleted = quiet ? "" : keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join("");
        xml(res, 200, `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`);
        return;
      }
      s3Error(res, 501, "NotImplemented", `The fake does not implement ${req.method} ${url.search} on a bucket`);
      return;
    }

    switch (req.method) {
      case "PUT": {
        if (req.headers["x-amz-copy-source"]) {
          s3Error(res, 501, "NotImplemented", "CopyObject is not implemented");
          return;
        }
        const etag = crypto.createHash("md5").update(body).digest("hex");
        bucket.set(key, {
          bytes: body,
          contentType: req.headers["content-type"] ?? "binary/octet-stream",
          cacheControl: req.headers["cache-control"],
          etag,
          lastModified: new Date(),
        });
        res.writeHead(200, { ETag: `"${etag}"` });
        res.end();
        return;
      }
      case "GET":
      case "HEAD": {
        const object = bucket.get(key);
        if (!object) {
          s3Error(res, 404, "NoSuchKey", "The specified key does not exist.", url.pathname);
          return;
        }
        res.writeHead(200, {
          "Content-Type": object.contentType,
          "Content-Length": String(object.bytes.length),
          ETag: `"${object.etag}"`,
          "Last-Modified": object.lastModified.toUTCString(),
          ...(object.cacheControl ? { "Cache-Control": object.cacheControl } : {}),
        });
        res.end(req.method === "GET" ? object.bytes : undefined);
        return;
      }
      case "DELETE":
        bucket.delete(key);
        res.writeHead(204);
        res.end();
        return;
      default:
        s3Error(res, 405, "MethodNotAllowed", `${req.method} is not allowed`);
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) s3Error(res, 500, "InternalError", String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId,
    secretAccessKey,
    bucket(name) {
      let objects = buckets.get(name);
      if (!objects) buckets.set(name, (objects = new Map()));
      return objects;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
