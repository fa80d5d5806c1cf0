/** The parts of `http_ece` (Encrypted Content-Encoding, RFC 8188) the push stand-in uses; it ships no types. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair (the subscription's). */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret (RFC 8291). */
    authSecret: Buffer | string;
  }

  const ece: { decrypt(content: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
