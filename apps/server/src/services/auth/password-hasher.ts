import { hash, verify, type Algorithm } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which isolatedModules cannot read at runtime; 2 is its
// Argon2id member (the hasher test checks the PHC prefix).
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * argon2id with the library defaults, which are OWASP's minimum (19 MiB, 2 passes, 1 lane). The
 * parameters live in the PHC string, so raising them later keeps old hashes verifiable.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** False (never a throw) for a malformed stored hash: the caller answers "wrong password". */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifying against a throw-away hash when the phone is unknown or has no password makes those
 * answers take as long as a real wrong password, so timing does not reveal who is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}
