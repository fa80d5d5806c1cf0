import { IAP_STATUS } from '@cliffhanger/contract/browser';
import type { IapListenerHandle, IapPlugin, IapProduct, IapTransaction } from './iap-plugin';

/** Purchasing 0, purchased 1, failed 2, restored 3, deferred 4 (docs/product.md#in-app-purchase-status-codes). */
export type IapStatus = (typeof IAP_STATUS)[keyof typeof IAP_STATUS];

/** The loader shows while checking; a failed setup shows a toast for 2 s (docs/product.md#ios-purchase-start). */
export type IapPhase = 'idle' | 'checking' | 'ready' | 'failed';

/** What the flow asks of our server (api-client calls in the app, in-memory in tests). */
export interface IapServer {
  /** App Store ids of the plans (/member/type?pay_channel=apple) and packs (/coin/type). */
  productIds(): Promise<{ subscriptions: string[]; consumables: string[] }>;
  /** POST /member/purchase with pay_channel apple. */
  createOrder(product: string): Promise<{ orderId: string; appAccountToken: string }>;
  /** POST /member/confirm; resolves on Code.OK and Code.ALREADY_OWNED, rejects on anything else. */
  confirm(orderId: string, sign: string): Promise<void>;
}

/** Remembers which order each app account token belongs to, across launches (localStorage in the app). */
export interface OrderMemory {
  remember(token: string, orderId: string): void;
  orderOf(token: string): string | undefined;
  forget(token: string): void;
  /**
   * Transactions StoreKit no longer holds for us: the plugin finishes what arrives through
   * Transaction.updates (an Ask to Buy approval) before it tells the web, so until our server has
   * confirmed one, this is the only record of it. Kept across launches and retried at each one.
   */
  keep(transaction: IapTransaction): void;
  kept(): IapTransaction[];
  drop(transactionId: string): void;
}

export interface IapEvents {
  phase?: (phase: IapPhase) => void;
  /** Every StoreKit state the viewer should see, with the transaction's product. */
  status?: (status: IapStatus, appleProductId: string) => void;
}

const tokenOf = (transaction: IapTransaction) => transaction.appAccountToken?.toLowerCase() ?? '';

/**
 * In-app purchase inside the iOS shell (docs/payments.md#in-app-purchase-ios-shell): initialise, load the App
 * Store products, restore unfinished transactions, buy. A transaction is finished only after our server
 * confirmed it (Code.OK or Code.ALREADY_OWNED): an unfinished one comes back at the next launch, so a lost
 * answer never loses coins.
 */
export class IapFlow {
  private products = new Map<string, IapProduct>();
  private subscriptionIds = new Set<string>();
  private listener: IapListenerHandle | undefined;
  private readonly settling = new Set<string>();
  phase: IapPhase = 'idle';

  constructor(
    private readonly plugin: IapPlugin,
    private readonly server: IapServer,
    private readonly memory: OrderMemory,
    private readonly events: IapEvents = {},
  ) {}

  private setPhase(phase: IapPhase): void {
    this.phase = phase;
    this.events.phase?.(phase);
  }

  /** The App Store's product (price string) for an App Store id, once initialised. */
  product(appleProductId: string): IapProduct | undefined {
    return this.products.get(appleProductId);
  }

  async initialise(): Promise<boolean> {
    this.setPhase('checking');
    try {
      const { isBillingSupported } = await this.plugin.isBillingSupported();
      if (!isBillingSupported) throw new Error('In-app purchase is not available on this device');
      const ids = await this.server.productIds();
      this.subscriptionIds = new Set(ids.subscriptions);
      const all = [...ids.subscriptions, ...ids.consumables];
      const { products } = await this.plugin.getProducts({ productIdentifiers: all });
      this.products = new Map(products.map((product) => [product.identifier, product]));
      this.listener = await this.plugin.addListener('transactionUpdated', (transaction) => {
        // Already finished by the plugin (see OrderMemory.keep): recorded first, so a lost
        // confirm is retried at the next launch instead of losing the purchase.
        this.memory.keep(transaction);
        void this.settle(transaction, IAP_STATUS.restored, { finishedByPlugin: true });
      });
    } catch {
      this.setPhase('failed');
      return false;
    }
    this.setPhase('ready');
    await this.restore();
    return true;
  }

  /** Confirms and finishes every transaction StoreKit still holds unfinished (restore and finish). */
  async restore(): Promise<void> {
    for (const transaction of this.memory.kept()) {
      await this.settle(transaction, IAP_STATUS.restored, { finishedByPlugin: true });
    }
    let purchases: IapTransaction[] = [];
    try {
      ({ purchases } = await this.plugin.getPurchases());
    } catch {
      return;
    }
    for (const transaction of purchases) await this.settle(transaction, IAP_STATUS.restored);
  }

  /** Buys `product` (our id) whose App Store id is `appleProductId`; answers the final status. */
  async buy(product: string, appleProductId: string): Promise<IapStatus> {
    this.events.status?.(IAP_STATUS.purchasing, appleProductId);
    let transaction: IapTransaction;
    try {
      const order = await this.server.createOrder(product);
      this.memory.remember(order.appAccountToken.toLowerCase(), order.orderId);
      transaction = await this.plugin.purchaseProduct({
        productIdentifier: appleProductId,
        productType: this.subscriptionIds.has(appleProductId) ? 'subs' : 'inapp',
        quantity: 1,
        appAccountToken: order.appAccountToken,
        autoAcknowledgePurchases: false,
      });
    } catch (error) {
      // Ask to Buy: StoreKit answers "pending"; the approval arrives later as transactionUpdated.
      const deferred = error instanceof Error && /pending/i.test(error.message);
      const status = deferred ? IAP_STATUS.deferred : IAP_STATUS.failed;
      this.events.status?.(status, appleProductId);
      return status;
    }
    const settled = await this.settle(transaction, IAP_STATUS.purchased);
    return settled ?? IAP_STATUS.failed;
  }

  /**
   * Confirm with the server, then finish; a refused or unanswered confirm leaves it for the next
   * launch. One the plugin finished already is only confirmed, then forgotten.
   */
  private async settle(
    transaction: IapTransaction,
    success: IapStatus,
    { finishedByPlugin = false } = {},
  ): Promise<IapStatus | undefined> {
    const token = tokenOf(transaction);
    const orderId = this.memory.orderOf(token);
    // A transaction of no order this device started (another device, another account): the
    // server hears of it through App Store notifications; it is left alone here.
    if (!orderId || !transaction.jwsRepresentation) return undefined;
    if (this.settling.has(transaction.transactionId)) return undefined;
    this.settling.add(transaction.transactionId);
    try {
      await this.server.confirm(orderId, transaction.jwsRepresentation);
      if (!finishedByPlugin) await this.plugin.acknowledgePurchase({ purchaseToken: transaction.transactionId });
      this.memory.drop(transaction.transactionId);
      this.memory.forget(token);
      this.events.status?.(success, transaction.productIdentifier);
      return success;
    } catch {
      // At launch a refusal stays quiet (it is retried next time); during a purchase the viewer is told.
      if (success === IAP_STATUS.purchased) this.events.status?.(IAP_STATUS.failed, transaction.productIdentifier);
      return IAP_STATUS.failed;
    } finally {
      this.settling.delete(transaction.transactionId);
    }
  }

  async dispose(): Promise<void> {
    await this.listener?.remove();
    this.listener = undefined;
  }
}

/** OrderMemory in localStorage: survives a crash between paying and confirming. */
export function localOrderMemory(storage: Storage = localStorage, key = 'iap.orders', keptKey = 'iap.kept'): OrderMemory {
  const read = <T>(name: string, empty: T): T => {
    try {
      return (JSON.parse(storage.getItem(name) ?? 'null') as T | null) ?? empty;
    } catch {
      return empty;
    }
  };
  const orders = () => read<Record<string, string>>(key, {});
  const kept = () => read<IapTransaction[]>(keptKey, []);
  return {
    remember: (token, orderId) => storage.setItem(key, JSON.stringify({ ...orders(), [token]: orderId })),
    orderOf: (token) => orders()[token],
    forget: (token) => {
      const { [token]: _removed, ...rest } = orders();
      storage.setItem(key, JSON.stringify(rest));
    },
    keep: (transaction) => {
      const others = kept().filter((t) => t.transactionId !== transaction.transactionId);
      storage.setItem(keptKey, JSON.stringify([...others, transaction]));
    },
    kept,
    drop: (transactionId) => storage.setItem(keptKey, JSON.stringify(kept().filter((t) => t.transactionId !== transactionId))),
  };
}
