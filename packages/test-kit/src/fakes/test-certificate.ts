import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsrsasign from 'jsrsasign';

export interface TestCertificate {
  certPem: string;
  keyPem: string;
  /** The certificate in a PEM file, for a client's extra CA setting (APNS_CA_FILE, WEB_PUSH_CA_FILE). */
  caFile: string;
  remove(): void;
}

let serial = 1;

/**
 * A self-signed certificate for `localhost` and 127.0.0.1, so a stand-in speaks TLS as the real
 * service does and the client under test trusts it only through its configured extra CA.
 */
export function createTestCertificate(): TestCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  serial += 1;
  const certPem = new jsrsasign.KJUR.asn1.x509.Certificate({
    version: 3,
    serial: { int: serial },
    issuer: { str: '/CN=localhost' },
    subject: { str: '/CN=localhost' },
    notbefore: '200101000000Z',
    notafter: '491231235959Z',
    sbjpubkey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ext: [
      { extname: 'basicConstraints', cA: true, critical: true },
      { extname: 'subjectAltName', array: [{ dns: 'localhost' }, { ip: '127.0.0.1' }] },
    ],
    sigalg: 'SHA256withECDSA',
    cakey: keyPem,
  }).getPEM();
  const dir = mkdtempSync(join(tmpdir(), 'test-cert-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, certPem);
  return { certPem, keyPem, caFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
