import { IAP_STATUS } from '@cliffhanger/contract/browser';
import { describe, expect, it } from 'vitest';
import { IapFlow, type IapPhase, type IapServer, type IapStatus, type OrderMemory } from './iap-flow';
import type { IapListenerHandle, IapPlugin, IapProduct, IapTransaction } from './iap-plugin';

/**
 * StoreKit cannot run on Linux, so the flow is tested against an in-memory plugin with the real
 * plugin's interface: it sells what it is told, can answer "pending" (Ask to Buy), fail, and hold
 * unfinished transactions that come back at launch.
 */
class MemoryStoreKit implements IapPlugin {
  supported = true;
  nextPurchase: 'ok' | 'pending' | 'cancel' = 'ok';
  unfinished: IapTransaction[] = [];
  finished: string[] = [];
  private seq = 1000;
  private listeners: ((transaction: IapTransaction) => void)[] = [];

  constructor(private readonly catalogue: IapProduct[]) {}

  isBillingSupported() {
    return Promise.resolve({ isBillingSupported: this.supported });
  }
  getProducts(options: { productIdentifiers: string[] }) {
    return Promise.resolve({
      products: this.catalogue.filter((p) => options.productIdentifiers.includes(p.identifier)),
    });
  }
  purchaseProduct(options: { productIdentifier: string; appAccountToken?: string }) {
    if (this.nextPurchase === 'cancel') return Promise.reject(new Error('User cancelled'));
    const transaction = this.transaction(options.productIdentifier, options.appAccountToken ?? '');
    if (this.nextPurchase === 'pending') {
      this.pendingApproval = transaction;
      return Promise.reject(new Error('Transaction pending'));
    }
    this.unfinished.push(transaction);
    return Promise.resolve(transaction);
  }
  pendingApproval: IapTransaction | undefined;
  /**
   * The parent approves an Ask to Buy purchase: StoreKit reports it through Transaction.updates,
   * and the real plugin finishes it before it tells the web.
   */
  approve() {
    const transaction = this.pendingApproval!;
    this.finished.push(transaction.transactionId);
    for (const listener of this.listeners) listener(transaction);
  }
  acknowledgePurchase(options: { purchaseToken: string }) {
    if (!this.unfinished.some((t) => t.transactionId === options.purchaseToken)) {
      return Promise.reject(new Error('Transaction not found'));
    }
    this.unfinished = this.unfinished.filter((t) => t.transactionId !== options.purchaseToken);
    this.finished.push(options.purchaseToken);
    return Promise.resolve();
  }
  getPurchases() {
    return Promise.resolve({ purchases: [...this.unfinished] });
  }
  addListener(
    _event: 'transactionUpdated',
    listener: (transaction: IapTransaction) => void,
  ): Promise<IapListenerHandle> {
    this.listeners.push(listener);
    return Promise.resolve({ remove: () => Promise.resolve(void (this.listeners = [])) });
  }
  transaction(productIdentifier: string, appAccountToken: string): IapTransaction {
    this.seq += 1;
    return {
      transactionId: String(this.seq),
      productIdentifier,
      appAccountToken,
      jwsRepresentation: `h.${this.seq}.s`,
    };
  }
}

const CATALOGUE: IapProduct[] = [
  { identifier: 'cliffhanger.vip.month', title: 'VIP Month', price: 14.99, priceString: '$14.99', currencyCode: 'USD' },
  { identifier: 'cliffhanger.coins.500', title: '500 Coins', price: 4.99, priceString: '$4.99', currencyCode: 'USD' },
];

function setup(options: { confirm?: IapServer['confirm']; productIds?: IapServer['productIds'] } = {}) {
  const store = new MemoryStoreKit(CATALOGUE);
  const confirmed: string[] = [];
  let orders = 0;
  const server: IapServer = {
    productIds:
      options.productIds ??
      (() => Promise.resolve({ subscriptions: ['cliffhanger.vip.month'], consumables: ['cliffhanger.coins.500'] })),
    createOrder: () => {
      orders += 1;
      return Promise.resolve({ orderId: `ord_${orders}`, appAccountToken: `TOKEN-${orders}` });
    },
    confirm:
      options.confirm ??
      ((orderId, sign) => {
        confirmed.push(`${orderId}:${sign}`);
        return Promise.resolve();
      }),
  };
  const map = new Map<string, string>();
  const keptById = new Map<string, IapTransaction>();
  const memory: OrderMemory = {
    remember: (token, orderId) => map.set(token, orderId),
    orderOf: (token) => map.get(token),
    forget: (token) => map.delete(token),
    keep: (transaction) => keptById.set(transaction.transactionId, transaction),
    kept: () => [...keptById.values()],
    drop: (transactionId) => keptById.delete(transactionId),
  };
  const phases: IapPhase[] = [];
  const statuses: IapStatus[] = [];
  const flow = new IapFlow(store, server, memory, {
    phase: (phase) => phases.push(phase),
    status: (status) => statuses.push(status),
  });
  return { store, server, flow, memory, map, confirmed, phases, statuses };
}

/** A server that records confirms, for a flow started again on the same device. */
function setupServer(confirmed: string[]): IapServer {
  return {
    productIds: () => Promise.resolve({ subscriptions: ['cliffhanger.vip.month'], consumables: ['cliffhanger.coins.500'] }),
    createOrder: () => Promise.reject(new Error('no order expected')),
    confirm: (orderId, sign) => {
      confirmed.push(`${orderId}:${sign}`);
      return Promise.resolve();
    },
  };
}

describe('IapFlow', () => {
  it('checks the environment first, then loads the App Store products by the server ids', async () => {
    const { flow, phases } = setup();
    expect(await flow.initialise()).toBe(true);
    expect(phases).toEqual(['checking', 'ready']);
    expect(flow.product('cliffhanger.coins.500')?.priceString).toBe('$4.99');
    expect(flow.product('cliffhanger.vip.month')?.priceString).toBe('$14.99');
  });

  it('fails the setup when billing is unsupported or the server ids cannot be read', async () => {
    const unsupported = setup();
    unsupported.store.supported = false;
    expect(await unsupported.flow.initialise()).toBe(false);
    expect(unsupported.phases).toEqual(['checking', 'failed']);
    const offline = setup({ productIds: () => Promise.reject(new Error('Network Error')) });
    expect(await offline.flow.initialise()).toBe(false);
    expect(offline.flow.phase).toBe('failed');
  });

  it('buys: order, StoreKit with the order token, confirm with the signed transaction, then finish', async () => {
    const { flow, store, confirmed, statuses, map } = setup();
    await flow.initialise();
    expect(await flow.buy('coins_500', 'cliffhanger.coins.500')).toBe(IAP_STATUS.purchased);
    expect(statuses).toEqual([IAP_STATUS.purchasing, IAP_STATUS.purchased]);
    expect(confirmed).toEqual(['ord_1:h.1001.s']);
    expect(store.finished).toEqual(['1001']);
    expect(store.unfinished).toEqual([]);
    expect(map.size).toBe(0);
  });

  it('a refused confirm leaves the transaction unfinished; the next launch confirms and finishes it', async () => {
    let refuse = true;
    const confirmed: string[] = [];
    const { flow, store, statuses } = setup({
      confirm: (orderId) => {
        if (refuse) return Promise.reject(new Error('Network Error'));
        confirmed.push(orderId);
        return Promise.resolve();
      },
    });
    await flow.initialise();
    expect(await flow.buy('coins_500', 'cliffhanger.coins.500')).toBe(IAP_STATUS.failed);
    expect(statuses).toEqual([IAP_STATUS.purchasing, IAP_STATUS.failed]);
    expect(store.unfinished).toHaveLength(1);
    expect(store.finished).toEqual([]);

    refuse = false;
    statuses.length = 0;
    await flow.restore();
    expect(confirmed).toEqual(['ord_1']);
    expect(store.finished).toEqual(['1001']);
    expect(statuses).toEqual([IAP_STATUS.restored]);
  });

  it('a cancelled purchase is failed and nothing is confirmed', async () => {
    const { flow, store, confirmed } = setup();
    await flow.initialise();
    store.nextPurchase = 'cancel';
    expect(await flow.buy('coins_500', 'cliffhanger.coins.500')).toBe(IAP_STATUS.failed);
    expect(confirmed).toEqual([]);
  });

  it('Ask to Buy: deferred first, then confirmed when the approval arrives (the plugin has finished it already)', async () => {
    const { flow, store, confirmed, statuses, memory, map } = setup();
    await flow.initialise();
    store.nextPurchase = 'pending';
    expect(await flow.buy('vip_month', 'cliffhanger.vip.month')).toBe(IAP_STATUS.deferred);
    expect(statuses).toEqual([IAP_STATUS.purchasing, IAP_STATUS.deferred]);
    store.approve();
    await waitUntil(() => statuses.at(-1) === IAP_STATUS.restored);
    expect(confirmed).toEqual(['ord_1:h.1001.s']);
    // Nothing left to finish, nothing left to remember.
    expect(store.finished).toEqual(['1001']);
    expect(memory.kept()).toEqual([]);
    expect(map.size).toBe(0);
  });

  it('an approval whose confirm is lost is kept and confirmed at the next launch, once', async () => {
    let down = true;
    let attempts = 0;
    const confirmed: string[] = [];
    const { flow, store, memory } = setup({
      confirm: (orderId, sign) => {
        attempts += 1;
        if (down) return Promise.reject(new Error('network'));
        confirmed.push(`${orderId}:${sign}`);
        return Promise.resolve();
      },
    });
    await flow.initialise();
    store.nextPurchase = 'pending';
    await flow.buy('pack_500', 'cliffhanger.coins.500');
    store.approve();
    await waitUntil(() => attempts === 1);
    // StoreKit will not hand it back (finished): the kept record is all there is.
    expect(store.unfinished).toEqual([]);
    expect(memory.kept().map((t) => t.transactionId)).toEqual(['1001']);

    down = false;
    await flow.dispose();
    const next = new IapFlow(store, setupServer(confirmed), memory);
    await next.initialise();
    expect(confirmed).toEqual(['ord_1:h.1001.s']);
    expect(memory.kept()).toEqual([]);
    await new IapFlow(store, setupServer(confirmed), memory).initialise();
    expect(confirmed).toHaveLength(1);
  });

  it('at launch, confirms and finishes only the transactions of orders this device started', async () => {
    const { flow, store, confirmed, memory } = setup();
    memory.remember('token-a', 'ord_a');
    store.unfinished.push(store.transaction('cliffhanger.coins.500', 'TOKEN-A'));
    store.unfinished.push(store.transaction('cliffhanger.coins.500', 'someone-else'));
    await flow.initialise();
    expect(confirmed).toEqual(['ord_a:h.1001.s']);
    expect(store.finished).toEqual(['1001']);
    expect(store.unfinished.map((t) => t.transactionId)).toEqual(['1002']);
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(condition()).toBe(true);
}
