// A software passkey for the tests (docs/decisions/0071): an EC P-256 key made with node:crypto, and the genuine
// WebAuthn answers a browser would send for it — a registration ('none' attestation: CBOR attestationObject with the
// authenticator data and the COSE public key) and assertions (authenticator data signed with clientDataJSON's hash),
// so the server's real verification (@simplewebauthn/server) runs on them.
import crypto from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (bytes: Uint8Array | Buffer | string) => crypto.createHash("sha256").update(bytes).digest();

export interface RelyingPartyLike {
  id: string;
  origin: string;
}

export interface AuthenticatorOptions {
  /** The signature counter's start; the default 0 is what many platform authenticators report forever. */
  counter?: number;
  /** How much the counter grows at each assertion (0: an authenticator that keeps no counter). */
  counterStep?: number;
}

export class SoftwareAuthenticator {
  readonly credentialId: string;
  private readonly rawId: Buffer;
  private readonly privateKey: crypto.KeyObject;
  private readonly publicJwk: crypto.JsonWebKey;
  counter: number;
  private readonly counterStep: number;

  constructor(options: AuthenticatorOptions = {}) {
    this.rawId = crypto.randomBytes(32);
    this.credentialId = b64url(this.rawId);
    const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: "jwk" });
    this.counter = options.counter ?? 0;
    this.counterStep = options.counterStep ?? 1;
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested: Buffer | null): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private cosePublicKey(): Uint8Array {
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(this.publicJwk.x!)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y!)],
    ]);
    return isoCBOR.encode(key);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to registration options (navigator.credentials.create), as the JSON text the page posts. */
  register(challenge: string, rp: RelyingPartyLike): string {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.rawId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.rawId, Buffer.from(this.cosePublicKey())]);
    const authData = this.authenticatorData(rp.id, FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, never>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return JSON.stringify({
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", challenge, rp.origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    });
  }

  /**
   * The browser's answer to authentication options (navigator.credentials.get). The counter grows by counterStep
   * first unless `counter` says which value to report (a cloned key reporting an old one).
   */
  assert(challenge: string, rp: RelyingPartyLike, options: { counter?: number; origin?: string } = {}): string {
    if (options.counter === undefined) this.counter += this.counterStep;
    const counter = options.counter ?? this.counter;
    const authData = this.authenticatorData(rp.id, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, counter, null);
    const clientDataJSON = this.clientData("webauthn.get", challenge, options.origin ?? rp.origin);
    const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return JSON.stringify({
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    });
  }
}
