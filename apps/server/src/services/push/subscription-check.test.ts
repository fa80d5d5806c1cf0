import { createECDH, randomBytes } from 'node:crypto';
import { Code } from '@cliffhanger/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/envelope.js';
import { checkWebSubscription } from './subscription-check.js';

function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

function codeOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
}

describe('checkWebSubscription', () => {
  it('accepts the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-db5p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/QGx',
    ]) {
      expect(checkWebSubscription({ endpoint, keys: keys() }, []).endpoint).toBe(endpoint);
    }
  });

  it('refuses an endpoint that is not https, has credentials or is on another host', () => {
    const k = keys();
    expect(codeOf(() => checkWebSubscription({ endpoint: 'http://fcm.googleapis.com/x', keys: k }, []))).toBe(
      Code.PUSH_SUBSCRIPTION_INVALID,
    );
    expect(codeOf(() => checkWebSubscription({ endpoint: 'not a url', keys: k }, []))).toBe(
      Code.PUSH_SUBSCRIPTION_INVALID,
    );
    expect(codeOf(() => checkWebSubscription({ endpoint: 'https://u:p@fcm.googleapis.com/x', keys: k }, []))).toBe(
      Code.PUSH_SUBSCRIPTION_INVALID,
    );
    for (const endpoint of [
      'https://evil.example/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
      'https://169.254.169.254/latest',
    ]) {
      expect(
        codeOf(() => checkWebSubscription({ endpoint, keys: k }, [])),
        endpoint,
      ).toBe(Code.PUSH_SERVICE_UNKNOWN);
    }
  });

  it('accepts a configured stand-in origin, and nothing else on that host', () => {
    const k = keys();
    const standIn = 'https://localhost:4100';
    expect(checkWebSubscription({ endpoint: `${standIn}/push/1`, keys: k }, [standIn]).endpoint).toBe(
      `${standIn}/push/1`,
    );
    expect(codeOf(() => checkWebSubscription({ endpoint: 'https://localhost:4101/push/1', keys: k }, [standIn]))).toBe(
      Code.PUSH_SERVICE_UNKNOWN,
    );
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret', () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/x';
    const good = keys();
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    for (const bad of [
      { ...good, p256dh: 'not base64url!' },
      { ...good, p256dh: offCurve.toString('base64url') },
      { ...good, p256dh: Buffer.alloc(33, 2).toString('base64url') },
      { ...good, auth: randomBytes(15).toString('base64url') },
      { ...good, auth: '' },
    ]) {
      expect(
        codeOf(() => checkWebSubscription({ endpoint, keys: bad }, [])),
        JSON.stringify(bad),
      ).toBe(Code.PUSH_SUBSCRIPTION_INVALID);
    }
  });
});
