// A software WebAuthn authenticator for the API tests, with its browser's part: it makes real ES256
// credentials with node:crypto, answers registration options with a 'none' attestation and
// authentication options with a signed assertion, as a platform authenticator and browser would.
// Discoverable (it keeps the user handle), and it verifies its user unless told otherwise. Each
// answer may be bent (another origin, relying party, challenge or counter) to test the refusals.
import crypto from 'node:crypto';

export type CreationOptions = {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
};
export type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

export type RegistrationResponse = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: 'platform';
};
export type AuthenticationResponse = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: 'platform';
};

/** What a test may bend in one answer. */
export type Bend = { origin?: string; rpId?: string; challenge?: string; userVerified?: boolean; counter?: number; credentialId?: string; userHandle?: string };

type Credential = { id: string; rpId: string; userHandle: string; privateKey: crypto.KeyObject; publicKey: crypto.KeyObject; counter: number };

const FLAG = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 };

// ---- CBOR (RFC 8949), just what an attestation object needs: integers, byte and text strings, maps.
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

/** The COSE form (RFC 9053) of a P-256 public key for ES256. */
function coseKey(publicKey: crypto.KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter >>> 0);
  return b;
}

export class TestAuthenticator {
  readonly credentials: Credential[] = [];

  /**
   * `origin`: the page the browser part says it runs on (the portal's, as the API's tests know it).
   * `counts`: whether it counts signatures (a synced passkey sends 0 every time).
   */
  constructor(
    private readonly origin: string,
    private readonly counts = true,
  ) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, bend: Bend): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: bend.challenge ?? challenge, origin: bend.origin ?? this.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new discoverable ES256 credential, attested with 'none'. */
  register(options: CreationOptions, bend: Bend = {}): RegistrationResponse {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(c.id)))
      throw new Error('InvalidStateError: this authenticator holds a passkey for the account already');
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = crypto.randomBytes(32);
    const credential: Credential = { id: b64url(id), rpId, userHandle: options.user.id, privateKey, publicKey, counter: 0 };
    const flags = FLAG.userPresent | FLAG.attestedData | (bend.userVerified === false ? 0 : FLAG.userVerified);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(bend.rpId ?? rpId),
      Buffer.from([flags]),
      counterBytes(bend.counter ?? 0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      coseKey(publicKey),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, bend)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: { credProps: { rk: true } },
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): an assertion by the passkey asked for, or by the newest one held for the relying party. */
  assert(options: RequestOptions, bend: Bend = {}): AuthenticationResponse {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const held = this.credentials.filter((c) => c.rpId === rpId && (allowed.size === 0 || allowed.has(c.id)));
    const credential = bend.credentialId ? this.credentials.find((c) => c.id === bend.credentialId) : held.at(-1);
    if (!credential) throw new Error('NotAllowedError: no passkey for this site');
    if (this.counts && bend.counter === undefined) credential.counter += 1;
    const flags = FLAG.userPresent | (bend.userVerified === false ? 0 : FLAG.userVerified);
    const authData = Buffer.concat([sha256(bend.rpId ?? rpId), Buffer.from([flags]), counterBytes(bend.counter ?? (this.counts ? credential.counter : 0))]);
    const clientData = this.clientData('webauthn.get', options.challenge, bend);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: bend.userHandle ?? credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
