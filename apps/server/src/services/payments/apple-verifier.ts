import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import {
  Environment,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
  type JWSTransactionDecodedPayload,
  type ResponseBodyV2DecodedPayload,
} from '@apple/app-store-server-library';
import { Code } from '@cliffhanger/contract';
import type { AppleConfig } from '../../config.js';
import { AppError } from '../../http/envelope.js';

export type AppleTransaction = JWSTransactionDecodedPayload;
export type AppleNotification = ResponseBodyV2DecodedPayload;

const ENVIRONMENTS: Record<AppleConfig['environment'], Environment> = {
  Sandbox: Environment.SANDBOX,
  Production: Environment.PRODUCTION,
  Xcode: Environment.XCODE,
  LocalTesting: Environment.LOCAL_TESTING,
};

const CERT_FILE = /\.(cer|der|pem|crt)$/i;

/**
 * Reads every certificate in the directory. DER and PEM both load (Apple publishes `.cer` DER);
 * an empty directory stops the boot, since a verifier with no roots would refuse every purchase.
 */
function loadRootCertificates(dir: string): Buffer[] {
  const files = readdirSync(dir)
    .filter((name) => CERT_FILE.test(name))
    .sort();
  const roots = files.map((name) => new X509Certificate(readFileSync(join(dir, name))).raw);
  if (roots.length === 0) throw new Error(`APPLE_ROOT_CERTS_DIR (${dir}) holds no certificate`);
  return roots;
}

/** What each refusal of Apple's verifier means to the client. */
function refusalOf(error: unknown): AppError {
  switch (error instanceof VerificationException ? error.status : undefined) {
    case VerificationStatus.INVALID_APP_IDENTIFIER:
      return new AppError(Code.IAP_WRONG_APP, 'The purchase belongs to another app');
    case VerificationStatus.INVALID_ENVIRONMENT:
      return new AppError(Code.IAP_WRONG_ENVIRONMENT, 'The purchase was made in another App Store environment');
    // OCSP could not be reached: the data may be fine, so the client (or Apple) should try again.
    case VerificationStatus.RETRYABLE_VERIFICATION_FAILURE:
      return new AppError(Code.PAYMENT_PROVIDER_ERROR, 'Apple could not be reached to check the signature', null, {
        cause: error,
      });
    default:
      return new AppError(Code.PAYMENT_SIGNATURE_INVALID, 'The signed data could not be verified', null, {
        cause: error,
      });
  }
}

/**
 * Apple's own verifier (App Store Server Library): the x5c chain up to a trusted root with
 * Apple's marker OIDs on the intermediate and the leaf, the ES256 signature, the bundle id,
 * the environment and, in Production, the app's Apple id. Refusals become response codes.
 */
export class AppleVerifier {
  private readonly verifier: SignedDataVerifier;

  constructor(config: AppleConfig, roots: Buffer[] = loadRootCertificates(config.rootCertsDir)) {
    this.verifier = new SignedDataVerifier(
      roots,
      config.onlineChecks,
      ENVIRONMENTS[config.environment],
      config.bundleId,
      config.appAppleId,
    );
  }

  async transaction(signed: string): Promise<AppleTransaction> {
    try {
      return await this.verifier.verifyAndDecodeTransaction(signed);
    } catch (error) {
      throw refusalOf(error);
    }
  }

  async notification(signedPayload: string): Promise<AppleNotification> {
    try {
      return await this.verifier.verifyAndDecodeNotification(signedPayload);
    } catch (error) {
      throw refusalOf(error);
    }
  }
}
