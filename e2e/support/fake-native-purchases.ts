/**
 * A stand-in for the iOS shell's StoreKit plugin (`@capgo/native-purchases`), installed in the
 * page before the app loads (`context.addInitScript(fakeNativePurchasesScript(...))`): a global
 * `window.Capacitor` that says it is native, with `Plugins.NativePurchases` implementing what
 * apps/web/src/lib/iap/iap-plugin.ts calls.
 *
 * Like StoreKit, it remembers across launches (localStorage `fake-storekit`) which transactions
 * are still unfinished; a purchase answers a StoreKit-shaped signed transaction built in the page
 * from the product and the app account token it was given (header `{"alg":"ES256"}`, no x5c,
 * a dummy signature: what the server accepts with APPLE_ENVIRONMENT=Xcode).
 *
 * The test scripts it from outside through `window.__fakeStoreKit` (page.evaluate):
 * - `set({...})`: how the next purchases end ('succeed', 'fail', 'defer', 'interrupt': paid, then
 *   the app is killed before it hears back), whether the setup fails ('unsupported'), and gates
 *   that hold the setup or the purchase sheet until `release('setup' | 'purchase')`;
 * - `approve()`: the parent approves a deferred (Ask to Buy) purchase: StoreKit reports the new
 *   transaction through Transaction.updates, and, as the real plugin does, it is finished before
 *   the app's `transactionUpdated` listeners hear of it;
 * - `state()`: unfinished and finished transactions and the log of every call, including each
 *   POST /member/confirm the page sent and the moment its answer arrived (a wrapped fetch), so the
 *   test can tell whether a transaction was finished before or after the server answered.
 *
 * The script is plain JavaScript in a string: addInitScript stringifies functions, and tsx adds
 * `__name(...)` calls to named functions that would not exist in the page.
 */

export type FakePurchaseOutcome = 'succeed' | 'fail' | 'defer' | 'interrupt';

export interface FakeStoreKitSettings {
  /** How each purchase ends. */
  purchase: FakePurchaseOutcome;
  /** 'unsupported': isBillingSupported answers false (the setup fails). */
  setup: 'ok' | 'unsupported';
  /** Hold isBillingSupported until release('setup') (each launch). */
  holdSetup: boolean;
  /** Hold the purchase sheet until release('purchase'). */
  holdPurchase: boolean;
  /** Bundle id written into the signed transactions. */
  bundleId: string;
  /** App Store environment written into the signed transactions. */
  environment: string;
  /** App Store id → the localised price string StoreKit answers. */
  prices: Record<string, string>;
  /** App Store ids sold as auto-renewable subscriptions (the others are consumables). */
  subscriptions: string[];
}

export interface FakeTransaction {
  transactionId: string;
  productIdentifier: string;
  appAccountToken: string;
  jwsRepresentation: string;
  purchaseDate: string;
}

export type FakeLogEntry =
  | { event: 'isBillingSupported'; answer: boolean }
  | { event: 'getProducts'; ids: string[] }
  | { event: 'addListener' }
  | { event: 'getPurchases'; ids: string[] }
  | {
      event: 'purchase';
      productIdentifier: string;
      productType?: string;
      appAccountToken?: string;
      autoAcknowledgePurchases?: boolean;
    }
  | { event: 'purchase-result'; outcome: FakePurchaseOutcome; transactionId?: string }
  | { event: 'approve'; transactionId: string }
  | { event: 'finish'; transactionId: string; ok: boolean }
  | { event: 'confirm-sent'; orderId: string }
  | { event: 'confirm-answered'; status: number; code?: number };

export interface FakeStoreKitState {
  settings: FakeStoreKitSettings;
  unfinished: FakeTransaction[];
  finished: string[];
  /** Ask to Buy purchases waiting for a parent. */
  pending: { productIdentifier: string; appAccountToken: string }[];
  log: FakeLogEntry[];
}

export interface FakeStoreKitControl {
  set(settings: Partial<FakeStoreKitSettings>): void;
  release(gate: 'setup' | 'purchase'): void;
  approve(): string;
  state(): FakeStoreKitState;
}

export const FAKE_STOREKIT_KEY = 'fake-storekit';

const SOURCE = String.raw`
(config) => {
  if (!/^https?:$/.test(location.protocol)) return;
  const KEY = ${JSON.stringify(FAKE_STOREKIT_KEY)};
  const load = () => {
    try {
      const saved = JSON.parse(localStorage.getItem(KEY) || 'null');
      if (saved) return saved;
    } catch (error) {
      // a damaged entry starts afresh
    }
    return { settings: config, unfinished: [], finished: [], pending: [], log: [] };
  };
  const state = load();
  const save = () => localStorage.setItem(KEY, JSON.stringify(state));
  const log = (entry) => {
    state.log.push(entry);
    save();
    return entry;
  };
  save();

  // Gates that hold a call until the test releases it (per launch). A release with nobody
  // waiting lets the next held call through.
  const waiting = { setup: [], purchase: [] };
  const credits = { setup: 0, purchase: 0 };
  const gate = (name, hold) => {
    if (!hold) return Promise.resolve();
    if (credits[name] > 0) {
      credits[name] -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting[name].push(resolve));
  };
  const release = (name) => {
    const held = waiting[name].splice(0);
    if (held.length === 0) credits[name] += 1;
    for (const open of held) open();
  };

  const b64url = (text) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const newTransaction = (productIdentifier, appAccountToken) => {
    const now = Date.now();
    const transactionId = String(now) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const subscription = state.settings.subscriptions.includes(productIdentifier);
    const payload = {
      transactionId,
      originalTransactionId: transactionId,
      bundleId: state.settings.bundleId,
      productId: productIdentifier,
      purchaseDate: now,
      originalPurchaseDate: now,
      quantity: 1,
      type: subscription ? 'Auto-Renewable Subscription' : 'Consumable',
      inAppOwnershipType: 'PURCHASED',
      signedDate: now,
      environment: state.settings.environment,
      transactionReason: 'PURCHASE',
      storefront: 'USA',
      storefrontId: '143441',
      currency: 'USD',
      price: 4990,
      appAccountToken,
      ...(subscription ? { expiresDate: now + 30 * 86400000 } : {}),
    };
    return {
      transactionId,
      productIdentifier,
      appAccountToken,
      jwsRepresentation: b64url(JSON.stringify({ alg: 'ES256' })) + '.' + b64url(JSON.stringify(payload)) + '.' + b64url('xcode-signature'),
      purchaseDate: new Date(now).toISOString(),
    };
  };

  const listeners = [];
  const plugin = {
    isBillingSupported: async () => {
      await gate('setup', state.settings.holdSetup);
      const answer = state.settings.setup !== 'unsupported';
      log({ event: 'isBillingSupported', answer });
      return { isBillingSupported: answer };
    },
    getProducts: async (options) => {
      const ids = (options && options.productIdentifiers) || [];
      log({ event: 'getProducts', ids });
      const products = ids
        .filter((id) => state.settings.prices[id] !== undefined)
        .map((id) => ({
          identifier: id,
          title: id,
          description: id,
          price: Number(String(state.settings.prices[id]).replace(/[^0-9,.]/g, '').replace(',', '.')),
          priceString: state.settings.prices[id],
          currencyCode: 'EUR',
        }));
      return { products };
    },
    addListener: async (eventName, listener) => {
      if (eventName !== 'transactionUpdated') throw new Error('unexpected listener ' + eventName);
      log({ event: 'addListener' });
      listeners.push(listener);
      return {
        remove: async () => {
          const at = listeners.indexOf(listener);
          if (at >= 0) listeners.splice(at, 1);
        },
      };
    },
    getPurchases: async () => {
      log({ event: 'getPurchases', ids: state.unfinished.map((t) => t.transactionId) });
      return { purchases: state.unfinished.map((t) => ({ ...t })) };
    },
    purchaseProduct: async (options) => {
      log({
        event: 'purchase',
        productIdentifier: options.productIdentifier,
        productType: options.productType,
        appAccountToken: options.appAccountToken,
        autoAcknowledgePurchases: options.autoAcknowledgePurchases,
      });
      await gate('purchase', state.settings.holdPurchase);
      const outcome = state.settings.purchase;
      if (outcome === 'fail') {
        log({ event: 'purchase-result', outcome });
        throw new Error('Purchase failed: the payment was declined');
      }
      if (outcome === 'defer') {
        state.pending.push({ productIdentifier: options.productIdentifier, appAccountToken: options.appAccountToken || '' });
        log({ event: 'purchase-result', outcome });
        throw new Error('Transaction pending');
      }
      const transaction = newTransaction(options.productIdentifier, options.appAccountToken || '');
      state.unfinished.push(transaction);
      log({ event: 'purchase-result', outcome, transactionId: transaction.transactionId });
      // Paid, then the app is killed before the answer reaches it.
      if (outcome === 'interrupt') return new Promise(() => undefined);
      return { ...transaction };
    },
    acknowledgePurchase: async (options) => {
      const id = options.purchaseToken;
      const ok = state.unfinished.some((t) => t.transactionId === id);
      state.unfinished = state.unfinished.filter((t) => t.transactionId !== id);
      if (ok) state.finished.push(id);
      log({ event: 'finish', transactionId: id, ok });
      if (!ok) throw new Error('Transaction not found or already finished. Transaction ID: ' + id);
    },
  };

  // Every POST /member/confirm the app sends, and the moment its answer arrives.
  const realFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/v1/member/confirm')) return realFetch(input, init);
    let orderId = '';
    try {
      orderId = JSON.parse((init && init.body) || '{}').order_id || '';
    } catch (error) {
      // not JSON
    }
    log({ event: 'confirm-sent', orderId });
    return realFetch(input, init).then((response) => {
      const entry = log({ event: 'confirm-answered', status: response.status });
      response
        .clone()
        .json()
        .then((body) => {
          entry.code = body.code;
          save();
        })
        .catch(() => undefined);
      return response;
    });
  };

  window.__fakeStoreKit = {
    set: (settings) => {
      Object.assign(state.settings, settings);
      save();
    },
    release,
    approve: () => {
      const next = state.pending.shift();
      if (!next) throw new Error('no purchase waits for approval');
      const transaction = newTransaction(next.productIdentifier, next.appAccountToken);
      state.finished.push(transaction.transactionId);
      log({ event: 'approve', transactionId: transaction.transactionId });
      for (const listener of [...listeners]) listener({ ...transaction });
      return transaction.transactionId;
    },
    state: () => JSON.parse(JSON.stringify(state)),
  };
  window.Capacitor = { isNativePlatform: () => true, getPlatform: () => 'ios', Plugins: { NativePurchases: plugin } };
}`;

/** The init script: the fake plugin with these settings at the first launch (later launches keep their state). */
export function fakeNativePurchasesScript(settings: FakeStoreKitSettings): string {
  return `(${SOURCE})(${JSON.stringify(settings)});`;
}
