// Configuration from the environment: defaults, clear refusals, and the kept session secret.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv as parseProcessEnv } from "~/env.server.ts";

/** parseEnv over a plain record (NodeJS.ProcessEnv insists on NODE_ENV, which these tests often leave out). */
function parseEnv(vars: Record<string, string | undefined>) {
  return parseProcessEnv(vars as NodeJS.ProcessEnv);
}

const SECRET = "s".repeat(32);

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-env-"));
  tempDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The error parseEnv throws for this environment (fails the test when it does not throw). */
function configError(source: Record<string, string | undefined>): Error {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`parseEnv threw a non-Error: ${String(error)}`);
  }
  throw new Error("parseEnv accepted the configuration");
}

describe("parseEnv defaults", () => {
  it("fills every default", () => {
    const env = parseEnv({ SESSION_SECRET: SECRET });
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATABASE_URL: "./data/tradebench.sqlite",
      DATABASE_SYNCHRONOUS: "FULL",
      SESSION_SECRET: SECRET,
      SESSION_TTL_DAYS: 30,
      PUBLIC_URL: "http://localhost:3000",
      MAIL_FROM: "Tradebench <no-reply@tradebench.local>",
      SEED_DEMO: true,
      TRUST_PROXY: false,
      COOKIE_SECURE: false,
      DATA_DIR: path.resolve("data"),
      UPLOADS_DIR: path.resolve("data/uploads"),
    });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("reads the values it is given", () => {
    const env = parseEnv({
      SESSION_SECRET: SECRET,
      PORT: "8080",
      DATABASE_SYNCHRONOUS: "NORMAL",
      SEED_DEMO: "0",
      TRUST_PROXY: "yes",
      PUBLIC_URL: "https://tradebench.example/",
      SMTP_URL: "smtps://user:pass@mail.example:465",
      UPLOADS_DIR: "/srv/uploads",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_SYNCHRONOUS: "NORMAL",
      SEED_DEMO: false,
      TRUST_PROXY: true,
      PUBLIC_URL: "https://tradebench.example",
      SMTP_URL: "smtps://user:pass@mail.example:465",
      UPLOADS_DIR: "/srv/uploads",
    });
  });

  it("uses the port in the default public URL", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET, PORT: "4321" }).PUBLIC_URL).toBe("http://localhost:4321");
  });

  it.each([
    ["1", true],
    ["true", true],
    ["yes", true],
    ["0", false],
    ["false", false],
    ["no", false],
  ])("reads SEED_DEMO=%s as %s", (value, expected) => {
    expect(parseEnv({ SESSION_SECRET: SECRET, SEED_DEMO: value }).SEED_DEMO).toBe(expected);
  });

  it("makes the cookie Secure by default in production only", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET, NODE_ENV: "production" }).COOKIE_SECURE).toBe(true);
    expect(parseEnv({ SESSION_SECRET: SECRET, NODE_ENV: "development" }).COOKIE_SECURE).toBe(false);
    expect(parseEnv({ SESSION_SECRET: SECRET, NODE_ENV: "test" }).COOKIE_SECURE).toBe(false);
  });

  it("lets COOKIE_SECURE override the default either way", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET, NODE_ENV: "production", COOKIE_SECURE: "0" }).COOKIE_SECURE).toBe(false);
    expect(parseEnv({ SESSION_SECRET: SECRET, NODE_ENV: "development", COOKIE_SECURE: "1" }).COOKIE_SECURE).toBe(true);
  });
});

describe("parseEnv refusals", () => {
  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["SMTP_URL", "http://mail.example"],
    ["SMTP_URL", "mail.example:25"],
    ["SESSION_SECRET", "too-short"],
    ["PUBLIC_URL", "tradebench.example"],
    ["DATABASE_SYNCHRONOUS", "SOMETIMES"],
    ["SEED_DEMO", "maybe"],
    ["NODE_ENV", "staging"],
    ["SESSION_TTL_DAYS", "0"],
  ])("refuses %s=%j with a message naming it", (name, value) => {
    const error = configError({ SESSION_SECRET: SECRET, [name]: value });
    expect(error.message.startsWith("Invalid configuration")).toBe(true);
    expect(error.message).toContain(`${name}:`);
  });

  it("explains the rule that was broken", () => {
    expect(configError({ SESSION_SECRET: SECRET, SMTP_URL: "http://mail.example" }).message).toContain("SMTP_URL: must start with smtp:// or smtps://");
    expect(configError({ SESSION_SECRET: "short" }).message).toContain("SESSION_SECRET: must be at least 32 characters");
    expect(configError({ SESSION_SECRET: SECRET, PORT: "abc" }).message).toContain("PORT: must be a number");
  });

  it("lists every bad variable at once", () => {
    const message = configError({ PORT: "abc", SMTP_URL: "http://x", SESSION_SECRET: "short" }).message;
    expect(message).toContain("PORT:");
    expect(message).toContain("SMTP_URL:");
    expect(message).toContain("SESSION_SECRET:");
  });

  it("requires SESSION_SECRET in production with an external database", () => {
    const error = configError({ NODE_ENV: "production", DATABASE_URL: "postgres://db.example/tradebench" });
    expect(error.message.startsWith("Invalid configuration")).toBe(true);
    expect(error.message).toContain("SESSION_SECRET: required in production");
    // No secret file (nor folder named after the URL) was made while refusing.
    expect(fs.existsSync(path.resolve("postgres:"))).toBe(false);
  });

  it("keeps uploads in ./data with a PostgreSQL database, never in a folder named after its URL", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://tradebench@db.example:5432/tradebench", SESSION_SECRET: "s".repeat(40) });
    expect(env.UPLOADS_DIR).toBe(path.resolve("data/uploads"));
    expect(env.DATA_DIR).toBe(path.resolve("data"));
  });
});

describe("the kept session secret of an embedded database", () => {
  it.each(["production", "development"])("is generated into the data folder and read back (%s)", (nodeEnv) => {
    const dir = tempDir();
    const databaseUrl = path.join(dir, "db", "tradebench.sqlite");
    const first = parseEnv({ NODE_ENV: nodeEnv, DATABASE_URL: databaseUrl });

    const file = path.join(dir, "db", "session-secret");
    expect(first.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(file, "utf8")).toBe(first.SESSION_SECRET);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.DATA_DIR).toBe(path.join(dir, "db"));
    expect(first.UPLOADS_DIR).toBe(path.join(dir, "db", "uploads"));

    const second = parseEnv({ NODE_ENV: nodeEnv, DATABASE_URL: databaseUrl });
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
  });

  it("differs between two data folders", () => {
    const a = parseEnv({ DATABASE_URL: path.join(tempDir(), "a.sqlite") }).SESSION_SECRET;
    const b = parseEnv({ DATABASE_URL: path.join(tempDir(), "b.sqlite") }).SESSION_SECRET;
    expect(a).not.toBe(b);
  });

  it("understands file: and sqlite: database URLs", () => {
    const dir = tempDir();
    const viaFile = parseEnv({ NODE_ENV: "production", DATABASE_URL: `file:${path.join(dir, "x.sqlite")}` });
    const viaSqlite = parseEnv({ NODE_ENV: "production", DATABASE_URL: `sqlite:${path.join(dir, "x.sqlite")}` });
    expect(viaFile.DATA_DIR).toBe(dir);
    expect(viaSqlite.SESSION_SECRET).toBe(viaFile.SESSION_SECRET);
  });

  it("treats file:// and sqlite:// URLs as the embedded database too", () => {
    const dir = tempDir();
    for (const scheme of ["file://", "sqlite://"]) {
      const env = parseEnv({ NODE_ENV: "production", DATABASE_URL: `${scheme}${path.join(dir, "x.sqlite")}` });
      expect(env.DATA_DIR).toBe(dir);
      expect(env.SESSION_SECRET).toBe(fs.readFileSync(path.join(dir, "session-secret"), "utf8"));
    }
  });

  it("is not written when SESSION_SECRET is given", () => {
    const dir = tempDir();
    const env = parseEnv({ NODE_ENV: "production", DATABASE_URL: path.join(dir, "x.sqlite"), SESSION_SECRET: SECRET });
    expect(env.SESSION_SECRET).toBe(SECRET);
    expect(fs.existsSync(path.join(dir, "session-secret"))).toBe(false);
  });
});
