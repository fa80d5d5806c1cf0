import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { paymentCustomers } from '../db/payments.schema.js';

/** SQL on payment_customers: a user's customer id at a provider. */
export class PaymentCustomersRepository {
  constructor(private readonly db: Db) {}

  async find(userId: number, provider: 'stripe', tx: Db = this.db): Promise<string | undefined> {
    const [row] = await tx
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
      .limit(1);
    return row?.customerId;
  }

  /** Stores the customer unless one is stored already; answers the stored one either way. */
  async keep(userId: number, provider: 'stripe', customerId: string, tx: Db = this.db): Promise<string> {
    await tx.insert(paymentCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
    const stored = await this.find(userId, provider, tx);
    if (!stored) throw new Error(`no ${provider} customer stored for user ${userId}`);
    return stored;
  }
}
