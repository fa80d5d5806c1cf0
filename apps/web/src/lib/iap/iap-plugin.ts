/**
 * The part of `@capgo/native-purchases` (StoreKit 2 inside the iOS shell) the purchase flow uses,
 * with the plugin's own names and shapes (its dist/esm/definitions.d.ts). The web app reads the
 * plugin from the global Capacitor object, as native-shell.ts does for AppLauncher, so the browser
 * build carries no Capacitor code; tests hand the flow an in-memory implementation.
 */
export interface IapTransaction {
  readonly transactionId: string;
  readonly productIdentifier: string;
  /** StoreKit 2's signed transaction: what POST /member/confirm verifies. */
  readonly jwsRepresentation?: string;
  readonly appAccountToken?: string | null;
}

export interface IapProduct {
  readonly identifier: string;
  readonly title: string;
  readonly price: number;
  /** The App Store's localised price, what the store page shows inside the app. */
  readonly priceString: string;
  readonly currencyCode: string;
}

export interface IapListenerHandle {
  remove: () => Promise<void>;
}

export interface IapPlugin {
  isBillingSupported(): Promise<{ isBillingSupported: boolean }>;
  getProducts(options: {
    productIdentifiers: string[];
    productType?: 'inapp' | 'subs';
  }): Promise<{ products: IapProduct[] }>;
  purchaseProduct(options: {
    productIdentifier: string;
    productType?: 'inapp' | 'subs';
    quantity?: number;
    appAccountToken?: string;
    /** false: the transaction stays unfinished until acknowledgePurchase (after the server confirmed it). */
    autoAcknowledgePurchases?: boolean;
  }): Promise<IapTransaction>;
  /** iOS: finishes the StoreKit transaction whose id is given. */
  acknowledgePurchase(options: { purchaseToken: string }): Promise<void>;
  getPurchases(options?: { productType?: 'inapp' | 'subs'; appAccountToken?: string }): Promise<{
    purchases: IapTransaction[];
  }>;
  /** Fires at launch for unfinished transactions and later for Ask to Buy approvals and renewals. */
  addListener(
    eventName: 'transactionUpdated',
    listener: (transaction: IapTransaction) => void,
  ): Promise<IapListenerHandle>;
}

/** The plugin inside the shell; undefined in a browser or a shell built without it. */
export function nativePurchases(): IapPlugin | undefined {
  const global = globalThis as {
    Capacitor?: { isNativePlatform?: () => boolean; Plugins?: { NativePurchases?: IapPlugin } };
  };
  try {
    return global.Capacitor?.isNativePlatform?.() === true ? global.Capacitor.Plugins?.NativePurchases : undefined;
  } catch {
    return undefined;
  }
}
