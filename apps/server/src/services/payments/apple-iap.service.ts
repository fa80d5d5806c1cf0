import { Code, type ConfirmBody, type Order } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import type { OrderRow } from '../../db/payments.schema.js';
import { AppError } from '../../http/envelope.js';
import type { ProductsRepository } from '../../repositories/products.repository.js';
import { appleVipTerms, type AppleVipTerms } from './apple-period.js';
import type { AppleNotification, AppleTransaction, AppleVerifier } from './apple-verifier.js';
import { guarded, newSubscription, type Handled, type SettlementDeps } from './fulfilment.service.js';
import { toOrder } from './orders.service.js';
import { ledgerKeys } from '../wallet/ledger-keys.js';

export interface AppleIapServiceDeps extends SettlementDeps {
  verifier: AppleVerifier;
  products: ProductsRepository;
}

export interface ConfirmOutcome {
  order: Order;
  /** The transaction was credited before (or refunded before it could be): Code.ALREADY_OWNED. */
  repeat: boolean;
}

/** The payment_events key that makes a transaction count once, whoever reports it first. */
const transactionKey = (transactionId: string) => `transaction:${transactionId}`;

const sameToken = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * App Store purchases (docs/payments.md): the shell's signed transaction at /member/confirm and
 * App Store Server Notifications V2. Both are verified by Apple's library before anything is
 * read. A transaction is credited once, whether the client or a notification reports it first:
 * its `transaction:<id>` row in payment_events is claimed in the same database transaction as
 * the credit, under the order's row lock. Each notification is handled once by its UUID.
 */
export class AppleIapService {
  constructor(private readonly deps: AppleIapServiceDeps) {}

  async confirm(userId: number, body: ConfirmBody): Promise<ConfirmOutcome> {
    const transaction = await this.deps.verifier.transaction(body.sign);
    const transactionId = transaction.transactionId;
    if (!transactionId) throw new AppError(Code.PAYMENT_SIGNATURE_INVALID, 'The transaction has no id');
    return this.deps.db.transaction(async (tx) => {
      const order = await this.deps.orders.lockByPublicId(body.order_id, tx);
      // Another user's order answers like an unknown one: nothing about it leaks.
      if (!order || order.userId !== userId || order.channel !== 'apple') {
        throw new AppError(Code.NOT_FOUND, 'Order not found');
      }
      const product = await this.deps.products.find(order.productId, tx);
      if (!product?.appleProductId || transaction.productId !== product.appleProductId) {
        throw new AppError(Code.IAP_PRODUCT_MISMATCH, 'The purchase is for another product than the order');
      }
      // The token is random per order and known only to its owner's app: a transaction carrying
      // another token was bought for another order (perhaps by another account).
      if (!sameToken(transaction.appAccountToken, order.appAccountToken)) {
        throw new AppError(Code.IAP_ACCOUNT_MISMATCH, 'The purchase belongs to another order');
      }
      const terms = order.kind === 'vip' ? await this.vipTerms(transaction, tx) : undefined;
      if (terms?.kind === 'refused') {
        throw new AppError(Code.IAP_PRODUCT_MISMATCH, `The purchase is not a period of this plan: ${terms.reason}`);
      }
      const fresh = await this.deps.events.claim(
        { provider: 'apple', eventId: transactionKey(transactionId), type: 'transaction' },
        tx,
      );
      if (!fresh) return { order: toOrder(order), repeat: true };
      if (transaction.revocationDate != null) {
        throw new AppError(Code.IAP_TRANSACTION_REVOKED, 'Apple has refunded or revoked this purchase');
      }
      if (terms?.kind === 'expired') {
        // Answered 200 with the order as it stands: an error would leave the transaction
        // unfinished in StoreKit, and the app would send it again at every launch, forever.
        const outcome = await this.expiredBeforeCredit(order, transactionId, terms.expiresAt, tx);
        this.deps.log.warn(
          { order: order.publicId, transaction: transactionId, outcome },
          'App Store transaction confirmed after it expired: nothing granted',
        );
        return { order: toOrder(order), repeat: false };
      }
      const outcome = await this.credit(order, transaction, terms, tx);
      await this.deps.events.settle('apple', transactionKey(transactionId), outcome, order.id, tx);
      this.deps.log.info(
        { order: order.publicId, transaction: transactionId, outcome },
        'App Store purchase confirmed',
      );
      const updated = await this.deps.orders.lockById(order.id, tx);
      return { order: toOrder(updated ?? order), repeat: false };
    });
  }

  /** Verifies and handles one App Store Server Notification V2; answers the outcome recorded for it. */
  async receive(signedPayload: string): Promise<string> {
    const notification = await this.deps.verifier.notification(signedPayload);
    const signedTransaction = notification.data?.signedTransactionInfo;
    const transaction = signedTransaction ? await this.deps.verifier.transaction(signedTransaction) : undefined;
    const uuid = notification.notificationUUID;
    if (!uuid) throw new AppError(Code.PAYMENT_SIGNATURE_INVALID, 'The notification has no UUID');
    const type = [notification.notificationType, notification.subtype].filter(Boolean).join('.');
    const outcome = await this.deps.db.transaction(async (tx) => {
      const fresh = await this.deps.events.claim({ provider: 'apple', eventId: uuid, type }, tx);
      if (!fresh) return 'duplicate: handled before';
      const handled = await this.apply(notification, transaction, tx);
      await this.deps.events.settle('apple', uuid, handled.outcome, handled.orderId, tx);
      return handled.outcome;
    });
    this.deps.log.info({ notification: uuid, type, outcome }, 'App Store notification handled');
    return outcome;
  }

  private async apply(
    notification: AppleNotification,
    transaction: AppleTransaction | undefined,
    tx: Db,
  ): Promise<Handled> {
    if (!transaction?.transactionId) return { outcome: 'ignored: no transaction', orderId: null };
    const order = await this.lockOrderOf(transaction, tx);
    if (!order) return { outcome: 'ignored: unknown order', orderId: null };
    switch (notification.notificationType) {
      case 'SUBSCRIBED':
      case 'DID_RENEW':
      case 'ONE_TIME_CHARGE':
        return guarded(this.deps.log, order, () => this.creditOnce(order, transaction, tx));
      case 'REFUND':
      case 'REVOKE':
        return guarded(this.deps.log, order, () => this.reverse(order, transaction, tx));
      case 'EXPIRED':
      case 'GRACE_PERIOD_EXPIRED':
        return guarded(this.deps.log, order, () => this.expired(order, transaction, tx));
      case 'DID_CHANGE_RENEWAL_STATUS':
        return { outcome: await this.renewalStatus(order, transaction, notification.subtype, tx), orderId: order.id };
      default:
        return { outcome: `ignored: ${notification.notificationType ?? 'no type'} is not used`, orderId: order.id };
    }
  }

  /** Credits a transaction reported by a notification unless the client (or an earlier notification) did. */
  private async creditOnce(order: OrderRow, transaction: AppleTransaction, tx: Db): Promise<string> {
    if (transaction.revocationDate != null) return 'ignored: transaction revoked';
    const terms = order.kind === 'vip' ? await this.vipTerms(transaction, tx) : undefined;
    const refusal = terms?.kind === 'refused' ? terms.reason : await this.packMismatch(order, transaction, tx);
    if (refusal) {
      // Answered 200 and recorded: Apple would only deliver the same signed data again. The
      // transaction is not claimed, so the order's genuine purchase still credits.
      this.deps.log.error(
        { order: order.publicId, transaction: transaction.transactionId, reason: refusal },
        'App Store transaction refused: not what its order sells',
      );
      return `refused: ${refusal}`;
    }
    const transactionId = transaction.transactionId ?? '';
    const key = transactionKey(transactionId);
    const fresh = await this.deps.events.claim({ provider: 'apple', eventId: key, type: 'transaction' }, tx);
    if (!fresh) return 'transaction already credited';
    if (terms?.kind === 'expired') return this.expiredBeforeCredit(order, transactionId, terms.expiresAt, tx);
    const outcome = await this.credit(order, transaction, terms, tx);
    await this.deps.events.settle('apple', key, outcome, order.id, tx);
    return outcome;
  }

  /**
   * Why a pack order's transaction is not for that pack, or null when it is (and for a plan, which
   * `vipTerms` judges). The signature proves Apple sold something, not that it sold this pack: a
   * cheaper pack's or a plan's transaction carrying the order's token must not credit it.
   */
  private async packMismatch(order: OrderRow, transaction: AppleTransaction, tx: Db): Promise<string | null> {
    if (order.kind !== 'coins') return null;
    const product = await this.deps.products.find(order.productId, tx);
    if (product?.appleProductId && transaction.productId === product.appleProductId) return null;
    return `${transaction.productId ?? 'no product'} is not the App Store product of pack ${order.productId}`;
  }

  /**
   * What a VIP transaction may grant, judged by the plan of its own product (a renewal after an
   * upgrade or downgrade in iOS settings names another plan of the group than the order's).
   */
  private async vipTerms(transaction: AppleTransaction, tx: Db): Promise<AppleVipTerms> {
    const product = transaction.productId
      ? await this.deps.products.findByAppleProductId(transaction.productId, tx)
      : undefined;
    if (product?.kind !== 'vip' || !product.period) {
      return { kind: 'refused', reason: `${transaction.productId ?? 'no product'} is not a VIP plan here` };
    }
    return appleVipTerms(product.period, transaction, this.deps.clock());
  }

  /**
   * A transaction whose period was over before it reached us (a confirm retried long after the
   * purchase): nothing is granted. Its claim is kept, so it is answered as handled from now on.
   */
  private async expiredBeforeCredit(order: OrderRow, transactionId: string, expiredAt: Date, tx: Db): Promise<string> {
    const outcome = `ignored: transaction expired ${expiredAt.toISOString()}, nothing granted`;
    await this.deps.events.settle('apple', transactionKey(transactionId), outcome, order.id, tx);
    return outcome;
  }

  /** Coins once per order; VIP once per transaction, for the period the transaction paid and never past its end. */
  private async credit(
    order: OrderRow,
    transaction: AppleTransaction,
    terms: AppleVipTerms | undefined,
    tx: Db,
  ): Promise<string> {
    const transactionId = transaction.transactionId ?? '';
    if (order.kind === 'coins') {
      if (order.coinsCredited > 0) {
        // Each order has its own token, so only a client reusing a token lands here: support must look.
        this.deps.log.error(
          { order: order.publicId, transaction: transactionId },
          'a second App Store transaction for an already credited order',
        );
      }
      return this.deps.fulfilment.creditPack(order, tx, null);
    }
    // Callers decide expired and refused transactions before crediting.
    if (terms?.kind !== 'grant') throw new Error(`VIP transaction ${transactionId} credited without a grant`);
    await this.keepSubscription(order, transaction, terms.expiresAt, tx);
    return this.deps.fulfilment.extendVip(
      order,
      {
        paymentKey: ledgerKeys.applePayment(transactionId),
        seconds: terms.seconds,
        renewal: transaction.originalTransactionId != null && transaction.originalTransactionId !== transactionId,
        // From the current end (a renewal follows the period before it) but never past what
        // this transaction paid for, however late it is confirmed.
        notAfter: terms.expiresAt,
      },
      tx,
    );
  }

  private async keepSubscription(
    order: OrderRow,
    transaction: AppleTransaction,
    paidUntil: Date | null,
    tx: Db,
  ): Promise<void> {
    const subscriptionId = transaction.originalTransactionId ?? transaction.transactionId ?? '';
    const known = await this.deps.subscriptions.lockByProviderId('apple', subscriptionId, tx);
    if (known) {
      // A late renewal never moves the period back.
      const later = paidUntil && (!known.currentPeriodEnd || paidUntil > known.currentPeriodEnd);
      await this.deps.subscriptions.updateState(
        known.id,
        { status: 'active', endedAt: null, ...(later ? { currentPeriodEnd: paidUntil } : {}) },
        tx,
      );
      return;
    }
    await this.deps.subscriptions.upsert(newSubscription(order, 'apple', subscriptionId, paidUntil), tx);
  }

  /**
   * A refund or a revoked Family Sharing purchase. If the transaction was never credited, it is
   * claimed here so that a confirm arriving later (out of order) credits nothing.
   */
  private async reverse(order: OrderRow, transaction: AppleTransaction, tx: Db): Promise<string> {
    const transactionId = transaction.transactionId ?? '';
    const neverCredited = await this.deps.events.claim(
      { provider: 'apple', eventId: transactionKey(transactionId), type: 'transaction' },
      tx,
    );
    if (neverCredited) {
      await this.deps.events.settle('apple', transactionKey(transactionId), 'refunded before credit', order.id, tx);
      return 'refunded before it was credited: nothing to take back';
    }
    if (order.kind === 'coins') {
      return this.deps.fulfilment.reversePack(order, 1, ledgerKeys.appleRefund(transactionId), tx);
    }
    const entry = await this.deps.vipEntries.findByProviderKey(
      ledgerKeys.vipPayment(ledgerKeys.applePayment(transactionId)),
      tx,
    );
    if (!entry) return 'ignored: transaction never extended VIP';
    return this.deps.fulfilment.reverseVip(
      order,
      ledgerKeys.applePayment(transactionId),
      entry.seconds,
      entry.kind === 'purchase',
      tx,
    );
  }

  /** The subscription ended: marked so, and any paid time still ahead of now is taken back. */
  private async expired(order: OrderRow, transaction: AppleTransaction, tx: Db): Promise<string> {
    const subscriptionId = transaction.originalTransactionId ?? transaction.transactionId ?? '';
    const known = await this.deps.subscriptions.lockByProviderId('apple', subscriptionId, tx);
    if (!known) return 'ignored: subscription never started here';
    const now = this.deps.clock();
    await this.deps.subscriptions.updateState(known.id, { status: 'expired', endedAt: now }, tx);
    const end = known.currentPeriodEnd?.getTime() ?? 0;
    const unused = Math.max(0, Math.floor((end - now.getTime()) / 1000));
    if (unused === 0) return 'subscription expired';
    return this.deps.fulfilment.endSubscription(order, ledgerKeys.appleSubscription(subscriptionId), unused, tx);
  }

  private async renewalStatus(
    order: OrderRow,
    transaction: AppleTransaction,
    subtype: string | undefined,
    tx: Db,
  ): Promise<string> {
    const subscriptionId = transaction.originalTransactionId ?? transaction.transactionId ?? '';
    const known = await this.deps.subscriptions.lockByProviderId('apple', subscriptionId, tx);
    if (!known) return 'ignored: subscription never started here';
    if (subtype !== 'AUTO_RENEW_DISABLED' && subtype !== 'AUTO_RENEW_ENABLED') return `ignored: subtype ${subtype}`;
    const cancelAtPeriodEnd = subtype === 'AUTO_RENEW_DISABLED';
    await this.deps.subscriptions.updateState(known.id, { cancelAtPeriodEnd }, tx);
    return cancelAtPeriodEnd ? 'auto-renew turned off' : 'auto-renew turned on';
  }

  /** The order a transaction belongs to: by its app account token, else by its subscription. */
  private async lockOrderOf(transaction: AppleTransaction, tx: Db): Promise<OrderRow | undefined> {
    if (transaction.appAccountToken) {
      const order = await this.deps.orders.lockByAppAccountToken(transaction.appAccountToken.toLowerCase(), tx);
      if (order) return order;
    }
    const subscriptionId = transaction.originalTransactionId;
    if (!subscriptionId) return undefined;
    // Read without a lock: the order's lock is always taken before the subscription's.
    const subscription = await this.deps.subscriptions.findByProviderId('apple', subscriptionId, tx);
    return subscription ? this.deps.orders.lockById(subscription.orderId, tx) : undefined;
  }
}
