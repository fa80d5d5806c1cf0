import { Code, productIdSchema, type InvalidInputData } from '@cliffhanger/contract';
import { productChangesSchema, type ConsoleProduct, type ProductChanges } from '@cliffhanger/contract/console';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { NewProductRow, ProductRow } from '../../db/payments.schema.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';
import { ProductsRepository, type ProductWithOrders } from '../../repositories/products.repository.js';

/** Who changes a product and why: an operator of the console, or the command line (no operator). */
export interface ProductActor {
  operatorId: number | null;
  reason: string;
}

type Fields = InvalidInputData['fields'];

function invalid(fields: Fields): AppError {
  return new AppError(Code.INVALID_INPUT, fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields });
}

function fieldsOfIssues(issues: readonly z.core.$ZodIssue[], prefix: string): Fields {
  return issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].join('.');
    const keys = issue.code === 'unrecognized_keys' ? `: ${issue.keys.join(', ')}` : '';
    return { field: path, message: `${issue.message}${keys}` };
  });
}

/** A product as the console lists it and the audit log records it. */
function toConsoleProduct({ product, hasOrders }: ProductWithOrders): ConsoleProduct {
  return {
    id: product.id,
    kind: product.kind,
    period: product.period,
    coins: product.coins,
    bonus_coins: product.bonusCoins,
    price_cents: product.priceCents,
    currency: product.currency,
    stripe_price_id: product.stripePriceId,
    apple_product_id: product.appleProductId,
    active: product.active,
    sort: product.sort,
    has_orders: hasOrders,
    updated_at: product.updatedAt.toISOString(),
  };
}

/** The terms the audit log keeps before and after a change (not the bookkeeping fields). */
function termsOf(product: ProductRow) {
  const { has_orders: _orders, updated_at: _updated, ...terms } = toConsoleProduct({ product, hasOrders: false });
  return terms;
}

type Mode = 'create' | 'update' | 'either';

/**
 * Changing what is for sale without a deploy (docs/payments.md#what-is-for-sale): the console and
 * `npm run catalog -- products` both come here, so both accept and refuse the same things. Prices
 * are whole US cents; an order copies its product's terms, so a change never alters an open order.
 * Every change is audited in its own transaction. Viewers' plan and pack lists read the table on
 * each request, so they show a change at once.
 */
export class ProductAdminService {
  private readonly products: ProductsRepository;
  private readonly audit: OperatorsAuditRepository;

  constructor(private readonly deps: { db: Db; clock: Clock }) {
    this.products = new ProductsRepository(deps.db);
    this.audit = new OperatorsAuditRepository(deps.db);
  }

  async list(): Promise<ConsoleProduct[]> {
    return (await this.products.listAll()).map(toConsoleProduct);
  }

  /** A new plan or pack: its kind, price and terms (a VIP period, or coins); an id in use is refused. */
  create(id: string, changes: ProductChanges, actor: ProductActor): Promise<ConsoleProduct> {
    return this.save(id, changes, actor, 'create');
  }

  /** Changes the fields given; an unknown id is Code.NOT_FOUND and a product's kind never changes. */
  update(id: string, changes: ProductChanges, actor: ProductActor): Promise<ConsoleProduct> {
    return this.save(id, changes, actor, 'update');
  }

  /**
   * The command line's `products set`: creates the product when the id is new, else changes it.
   * The values come from flags, unchecked: they meet the console's schema here.
   */
  set(id: string, changes: Readonly<Record<string, unknown>>, actor: ProductActor): Promise<ConsoleProduct> {
    return this.save(id, changes, actor, 'either');
  }

  /**
   * Deletes a product no order names. Orders (and the subscriptions they started) keep pointing at
   * their product, so one that sold is taken off sale instead (`active: false`).
   */
  async remove(id: string, actor: ProductActor): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const existing = await this.products.findForUpdate(id, tx);
      if (!existing) throw new AppError(Code.NOT_FOUND, `No product ${id}`);
      if (existing.hasOrders) {
        throw new AppError(Code.PRODUCT_HAS_ORDERS, `${id} has orders: take it off sale instead of deleting it`);
      }
      await this.products.delete(id, tx);
      await this.audit.insert(
        {
          operatorId: actor.operatorId,
          at: this.deps.clock(),
          action: 'product.delete',
          target: `product:${id}`,
          before: termsOf(existing.product),
          after: null,
          reason: actor.reason,
        },
        tx,
      );
    });
  }

  private async save(id: string, input: unknown, actor: ProductActor, mode: Mode): Promise<ConsoleProduct> {
    const idCheck = productIdSchema.safeParse(id);
    if (!idCheck.success) throw invalid(fieldsOfIssues(idCheck.error.issues, 'id'));
    // The route's schema has checked this already; the command line's values arrive here unchecked.
    const parsed = productChangesSchema.safeParse(input);
    if (!parsed.success) throw invalid(fieldsOfIssues(parsed.error.issues, 'changes'));
    const changes = parsed.data;
    try {
      return await this.deps.db.transaction(async (tx) => {
        const existing = await this.products.findForUpdate(id, tx);
        if (existing && mode === 'create') throw new AppError(Code.PRODUCT_ID_TAKEN, `A product ${id} exists already`);
        if (!existing && mode === 'update') throw new AppError(Code.NOT_FOUND, `No product ${id}`);
        const row = mergedRow(id, changes, existing?.product);
        if (row.appleProductId) {
          const holder = await this.products.findByAppleProductId(row.appleProductId, tx);
          if (holder && holder.id !== id) throw appleIdTaken(row.appleProductId, holder.id);
        }
        const now = this.deps.clock();
        if (existing && sameTerms(existing.product, row)) return toConsoleProduct(existing);
        const { id: _id, ...terms } = row;
        const saved = existing
          ? await this.products.update(id, terms, now, tx)
          : await this.products.insert({ ...row, updatedAt: now }, tx);
        await this.audit.insert(
          {
            operatorId: actor.operatorId,
            at: now,
            action: existing ? 'product.update' : 'product.create',
            target: `product:${id}`,
            before: existing ? termsOf(existing.product) : null,
            after: termsOf(saved),
            reason: actor.reason,
          },
          tx,
        );
        return toConsoleProduct({ product: saved, hasOrders: existing?.hasOrders ?? false });
      });
    } catch (error) {
      // Two changes racing for one id or one App Store id: the database's unique indexes decide.
      if (isUniqueViolation(error, 'products_pkey'))
        throw new AppError(Code.PRODUCT_ID_TAKEN, `A product ${id} exists already`);
      if (isUniqueViolation(error, 'products_apple_product_id_unique'))
        throw appleIdTaken(changes.apple_product_id ?? '');
      throw error;
    }
  }
}

/** The row a change leads to, from the fields given over the product as it is (or a new one). */
function mergedRow(id: string, changes: ProductChanges, existing: ProductRow | undefined) {
  const kind = changes.kind ?? existing?.kind;
  if (!kind) throw invalid([{ field: 'changes.kind', message: 'a new product needs its kind (vip or coins)' }]);
  if (existing && existing.kind !== kind) {
    throw invalid([{ field: 'changes.kind', message: `${id} is a ${existing.kind} product; its kind cannot change` }]);
  }
  const fields: Fields = [];
  const priceCents = changes.price_cents ?? existing?.priceCents;
  if (priceCents === undefined) fields.push({ field: 'changes.price_cents', message: 'a new product needs its price' });
  if (kind === 'vip') {
    if (changes.coins !== undefined) fields.push({ field: 'changes.coins', message: 'a VIP plan has no coins' });
    if (changes.bonus_coins !== undefined) {
      fields.push({ field: 'changes.bonus_coins', message: 'a VIP plan has no bonus coins' });
    }
    if (!(changes.period ?? existing?.period)) {
      fields.push({ field: 'changes.period', message: 'a VIP plan needs its period (week, month, quarter or year)' });
    }
  } else {
    if (changes.period !== undefined) fields.push({ field: 'changes.period', message: 'a coin pack has no period' });
    if (!(changes.coins ?? existing?.coins))
      fields.push({ field: 'changes.coins', message: 'a coin pack needs its coins' });
  }
  if (fields.length > 0 || priceCents === undefined) throw invalid(fields);
  const row: Omit<NewProductRow, 'updatedAt'> & { id: string } = {
    id,
    kind,
    period: kind === 'vip' ? (changes.period ?? existing?.period ?? null) : null,
    coins: kind === 'coins' ? (changes.coins ?? existing?.coins ?? 0) : 0,
    bonusCoins: kind === 'coins' ? (changes.bonus_coins ?? existing?.bonusCoins ?? 0) : 0,
    priceCents,
    stripePriceId: changes.stripe_price_id !== undefined ? changes.stripe_price_id : (existing?.stripePriceId ?? null),
    appleProductId:
      changes.apple_product_id !== undefined ? changes.apple_product_id : (existing?.appleProductId ?? null),
    active: changes.active ?? existing?.active ?? true,
    sort: changes.sort ?? existing?.sort ?? 0,
  };
  return row;
}

function appleIdTaken(appleProductId: string, holder?: string): AppError {
  const by = holder === undefined ? 'another product' : holder;
  return new AppError(Code.PRODUCT_APPLE_ID_TAKEN, `The App Store product id ${appleProductId} is ${by}'s already`, {
    fields: [{ field: 'changes.apple_product_id', message: `already used by ${by}` }],
  });
}

function sameTerms(product: ProductRow, row: Omit<NewProductRow, 'updatedAt'>): boolean {
  return (
    product.period === row.period &&
    product.coins === row.coins &&
    product.bonusCoins === row.bonusCoins &&
    product.priceCents === row.priceCents &&
    product.stripePriceId === row.stripePriceId &&
    product.appleProductId === row.appleProductId &&
    product.active === row.active &&
    product.sort === row.sort
  );
}
