import { generateKeyPairSync, randomUUID, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsrsasign from 'jsrsasign';

/** Apple marks the certificates that sign App Store data with these extensions (the verifier requires them). */
export const APPLE_LEAF_OID = '1.2.840.113635.100.6.11.1';
export const APPLE_INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';

interface KeyPair {
  publicPem: string;
  privatePem: string;
  privateKey: KeyObject;
}

function keyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    privateKey,
  };
}

let serial = 1;

function certificate(options: {
  subject: string;
  issuer: string;
  key: KeyPair;
  issuerKey: KeyPair;
  ca: boolean;
  oid?: string;
}): string {
  serial += 1;
  const pem = new jsrsasign.KJUR.asn1.x509.Certificate({
    version: 3,
    serial: { int: serial },
    issuer: { str: options.issuer },
    subject: { str: options.subject },
    notbefore: '200101000000Z',
    notafter: '491231235959Z',
    sbjpubkey: options.key.publicPem,
    ext: [
      { extname: 'basicConstraints', cA: options.ca, critical: true },
      // ASN.1 NULL, as Apple's marker extensions carry.
      ...(options.oid ? [{ extname: options.oid, extn: '0500' }] : []),
    ],
    sigalg: 'SHA256withECDSA',
    cakey: options.issuerKey.privatePem,
  }).getPEM();
  return new X509Certificate(pem).raw.toString('base64');
}

export interface SigningChain {
  /** DER of the root, as the server's root directory holds it. */
  rootDer: Buffer;
  /** x5c: leaf, intermediate, root (base64 DER). */
  x5c: string[];
  leafKey: KeyObject;
}

/** A root → intermediate → leaf chain shaped like Apple's; `markers: false` leaves Apple's OIDs out. */
export function createSigningChain(name = 'Test App Store', markers = true): SigningChain {
  const root = keyPair();
  const intermediate = keyPair();
  const leaf = keyPair();
  const rootSubject = `/CN=${name} Root CA/O=Cliffhanger Tests`;
  const intermediateSubject = `/CN=${name} Intermediate/O=Cliffhanger Tests`;
  const rootB64 = certificate({ subject: rootSubject, issuer: rootSubject, key: root, issuerKey: root, ca: true });
  const intermediateB64 = certificate({
    subject: intermediateSubject,
    issuer: rootSubject,
    key: intermediate,
    issuerKey: root,
    ca: true,
    ...(markers ? { oid: APPLE_INTERMEDIATE_OID } : {}),
  });
  const leafB64 = certificate({
    subject: `/CN=${name} Signing/O=Cliffhanger Tests`,
    issuer: intermediateSubject,
    key: leaf,
    issuerKey: intermediate,
    ca: false,
    ...(markers ? { oid: APPLE_LEAF_OID } : {}),
  });
  return {
    rootDer: Buffer.from(rootB64, 'base64'),
    x5c: [leafB64, intermediateB64, rootB64],
    leafKey: leaf.privateKey,
  };
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** A compact JWS signed ES256 with the chain's leaf, the chain in the x5c header (as the App Store signs). */
export function signJws(payload: object, chain: SigningChain): string {
  const header = b64url(JSON.stringify({ alg: 'ES256', x5c: chain.x5c }));
  const body = b64url(JSON.stringify(payload));
  const signature = sign('sha256', Buffer.from(`${header}.${body}`), { key: chain.leafKey, dsaEncoding: 'ieee-p1363' });
  return `${header}.${body}.${b64url(signature)}`;
}

export interface TransactionFields {
  transactionId?: string;
  originalTransactionId?: string;
  productId: string;
  appAccountToken?: string;
  bundleId?: string;
  environment?: string;
  purchaseDate?: number;
  expiresDate?: number;
  revocationDate?: number;
  type?: string;
}

let transactionSeq = 2_000_000_000;

/** StoreKit 2's JWSTransaction fields, as the App Store fills them for a purchase. */
export function transactionPayload(fields: TransactionFields, defaults: { bundleId: string; now: number }) {
  transactionSeq += 1;
  const transactionId = fields.transactionId ?? String(transactionSeq);
  const purchaseDate = fields.purchaseDate ?? defaults.now;
  return {
    transactionId,
    originalTransactionId: fields.originalTransactionId ?? transactionId,
    bundleId: fields.bundleId ?? defaults.bundleId,
    productId: fields.productId,
    purchaseDate,
    originalPurchaseDate: purchaseDate,
    quantity: 1,
    type: fields.type ?? (fields.expiresDate ? 'Auto-Renewable Subscription' : 'Consumable'),
    inAppOwnershipType: 'PURCHASED',
    signedDate: defaults.now,
    environment: fields.environment ?? 'Sandbox',
    transactionReason:
      fields.originalTransactionId && fields.originalTransactionId !== transactionId ? 'RENEWAL' : 'PURCHASE',
    storefront: 'USA',
    storefrontId: '143441',
    currency: 'USD',
    price: 4990,
    ...(fields.appAccountToken ? { appAccountToken: fields.appAccountToken } : {}),
    ...(fields.expiresDate ? { expiresDate: fields.expiresDate } : {}),
    ...(fields.revocationDate ? { revocationDate: fields.revocationDate, revocationReason: 0 } : {}),
  };
}

export interface NotificationFields {
  notificationType: string;
  subtype?: string;
  notificationUUID?: string;
  signedTransactionInfo?: string;
  bundleId?: string;
  environment?: string;
}

/** App Store Server Notifications V2 responseBodyV2DecodedPayload. */
export function notificationPayload(fields: NotificationFields, defaults: { bundleId: string; now: number }) {
  return {
    notificationType: fields.notificationType,
    ...(fields.subtype ? { subtype: fields.subtype } : {}),
    notificationUUID: fields.notificationUUID ?? randomUUID(),
    version: '2.0',
    signedDate: defaults.now,
    data: {
      bundleId: fields.bundleId ?? defaults.bundleId,
      environment: fields.environment ?? 'Sandbox',
      ...(fields.signedTransactionInfo ? { signedTransactionInfo: fields.signedTransactionInfo } : {}),
    },
  };
}

/** A directory holding only the chain's root: what APPLE_ROOT_CERTS_DIR points at in tests. */
export function rootCertsDir(chain: SigningChain): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'apple-roots-'));
  writeFileSync(join(dir, 'TestRoot.cer'), chain.rootDer);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
