// Password hashing with scrypt (N=2^17, r=8, p=1). The parameters travel with each hash.
import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function maxmemFor(logN: number, r: number): number {
  return 128 * 2 ** logN * r * 2;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, {
    N: 2 ** LOG_N,
    r: R,
    p: P,
    maxmem: maxmemFor(LOG_N, R),
  });
  return ["scrypt", LOG_N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    maxmem: maxmemFor(Number(logN), Number(r)),
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash of a random password, so that a login for an unknown e-mail costs the same time. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return decoyHash;
}
