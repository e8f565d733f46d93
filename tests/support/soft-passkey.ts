/**
 * A passkey held in the test itself, for integration tests below the browser:
 * an ES256 key pair made with node:crypto, answering the site's WebAuthn
 * options the way an authenticator does (attestation "none", user present and
 * verified). The site checks its answers with @simplewebauthn/server exactly
 * as it checks a phone's. Browser journeys use Chromium's virtual
 * authenticator instead (tests/e2e/passkeys.spec.ts).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type { StaffClient } from "./staff-client";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** The few CBOR shapes an attestation object needs (RFC 8949): small maps, small integers, text and bytes. */
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
const int = (n: number) => (n >= 0 ? head(0, n) : head(1, -1 - n));
const bytes = (b: Uint8Array) => Buffer.concat([head(2, b.length), b]);
const text = (s: string) => Buffer.concat([head(3, Buffer.byteLength(s)), Buffer.from(s)]);
const map = (entries: [Buffer, Buffer][]) => Buffer.concat([head(5, entries.length), ...entries.flat()]);

/** User present, user verified (and, when registering, attested credential data follows). */
const FLAGS_UP_UV = 0x01 | 0x04;
const FLAG_AT = 0x40;

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  private userHandle = "";
  private counter = 0;

  constructor(private readonly siteUrl: string) {}

  /** The credential id, as the site names it. */
  get id(): string {
    return b64url(this.credentialId);
  }

  private get origin() {
    return new URL(this.siteUrl).origin;
  }

  private authenticatorData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private coseKey(): Buffer {
    const jwk = (this.keys.publicKey as KeyObject).export({ format: "jwk" });
    // kty EC2, alg ES256, crv P-256, x, y.
    return map([
      [int(1), int(2)],
      [int(3), int(-7)],
      [int(-1), int(1)],
      [int(-2), bytes(Buffer.from(jwk.x!, "base64url"))],
      [int(-3), bytes(Buffer.from(jwk.y!, "base64url"))],
    ]);
  }

  /** Adds this passkey to the account `client` is signed in to, as /staff/access does; throws unless the site added it. */
  async register(client: StaffClient, label: string): Promise<void> {
    const response = await this.offer(client, label);
    if (response.status !== 201) throw new Error(`The site refused the passkey: ${response.status} ${await response.text()}`);
  }

  /** Offers this passkey to the account `client` is signed in to, as /staff/access does; returns the site's answer. */
  async offer(client: StaffClient, label: string): Promise<Response> {
    const headers = { origin: this.origin };
    const options = (await (await client.request("POST", "/api/staff/passkeys/options", { json: {}, headers })).json()) as {
      challenge: string;
      rp: { id: string };
      user: { id: string };
    };
    const clientData = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authenticatorData(options.rp.id, FLAGS_UP_UV | FLAG_AT, attested);
    const attestationObject = map([
      [text("fmt"), text("none")],
      [text("attStmt"), map([])],
      [text("authData"), bytes(authData)],
    ]);
    const response = await client.request("POST", "/api/staff/passkeys", {
      headers,
      json: {
        label,
        response: {
          id: this.id,
          rawId: this.id,
          type: "public-key",
          response: { clientDataJSON: b64url(clientData), attestationObject: b64url(attestationObject), transports: ["internal"] },
          clientExtensionResults: {},
          authenticatorAttachment: "platform",
        },
      },
    });
    // The account it now signs in to, when the site kept it.
    if (response.status === 201) this.userHandle = options.user.id;
    return response;
  }

  /** Signs `client` in with this passkey; returns the site's answer. */
  async signIn(client: StaffClient): Promise<Response> {
    const headers = { origin: this.origin };
    const options = (await (await client.request("POST", "/api/staff/passkey-sign-in/options", { json: {}, headers })).json()) as { challenge: string; rpId: string };
    this.counter += 1;
    const clientData = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const authData = this.authenticatorData(options.rpId, FLAGS_UP_UV);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return client.request("POST", "/api/staff/passkey-sign-in", {
      headers,
      json: {
        response: {
          id: this.id,
          rawId: this.id,
          type: "public-key",
          response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: this.userHandle },
          clientExtensionResults: {},
          authenticatorAttachment: "platform",
        },
      },
    });
  }
}
