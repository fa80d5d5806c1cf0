import { createColumnHelper } from '@tanstack/react-table';
import { consoleListProducts, type ConsoleProduct } from '@cliffhanger/contract/console';
import { useState } from 'react';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { ListPageHead } from '../../components/ListPageHead';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { DeleteProductDialog } from './DeleteProductDialog';
import { dollars } from './product-form';
import { ProductFormDialog } from './ProductFormDialog';

function termsOf(product: ConsoleProduct): string {
  if (product.kind === 'vip') {
    return t('products.terms.vip', { period: product.period ? t(`products.period.${product.period}`) : '' });
  }
  return product.bonus_coins > 0
    ? t('products.terms.coinsBonus', { coins: product.coins, bonus: product.bonus_coins })
    : t('products.terms.coins', { coins: product.coins });
}

type Open = { dialog: 'edit'; product: ConsoleProduct | null } | { dialog: 'delete'; product: ConsoleProduct } | null;

const column = createColumnHelper<ConsoleProduct>();

/** Every plan and pack in display order; each edited or deleted in a dialog. */
export default function ProductsPage() {
  const products = useConsoleQuery(consoleListProducts);
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);

  const columns = [
    column.accessor('id', { header: () => t('products.col.id') }),
    column.display({ id: 'terms', header: () => t('products.col.terms'), cell: ({ row }) => termsOf(row.original) }),
    column.accessor('price_cents', {
      header: () => t('products.col.price'),
      cell: ({ getValue }) => t('products.price', { amount: dollars(getValue()) }),
    }),
    column.accessor('apple_product_id', {
      header: () => t('products.col.apple'),
      cell: ({ getValue }) => getValue() ?? t('products.none'),
    }),
    column.accessor('stripe_price_id', {
      header: () => t('products.col.stripe'),
      cell: ({ getValue }) => getValue() ?? t('products.stripe.inline'),
    }),
    column.accessor('active', {
      header: () => t('products.col.onSale'),
      cell: ({ getValue }) => (getValue() ? t('products.yes') : t('products.no')),
    }),
    column.display({
      id: 'actions',
      header: () => t('products.col.actions'),
      cell: ({ row }) => {
        const product = row.original;
        return (
          <span className="table__actions">
            <button
              type="button"
              className="button button--small"
              aria-label={t('products.editLabel', { id: product.id })}
              onClick={() => setOpen({ dialog: 'edit', product })}
            >
              {t('products.edit')}
            </button>
            <button
              type="button"
              className="button button--small button--danger"
              aria-label={t('products.deleteLabel', { id: product.id })}
              disabled={product.has_orders}
              title={product.has_orders ? t('products.hasOrders') : undefined}
              onClick={() => setOpen({ dialog: 'delete', product })}
            >
              {t('products.delete')}
            </button>
          </span>
        );
      },
    }),
  ];

  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
  };

  return (
    <>
      <ListPageHead
        title={t('products.title')}
        intro={t('products.intro')}
        action={t('products.new')}
        onAction={() => {
          setDone(null);
          setOpen({ dialog: 'edit', product: null });
        }}
        done={done}
      />
      <QueryView query={products}>
        {(data) => (
          <DataTable data={data} columns={columns} getRowId={(product) => product.id} caption={t('products.title')} />
        )}
      </QueryView>
      {open?.dialog === 'edit' && (
        <ProductFormDialog
          product={open.product}
          onClose={() => setOpen(null)}
          onSaved={(id) => finish(t('products.saved', { id }))}
        />
      )}
      {open?.dialog === 'delete' && (
        <DeleteProductDialog
          product={open.product}
          onClose={() => setOpen(null)}
          onDeleted={(id) => finish(t('products.deleted', { id }))}
        />
      )}
    </>
  );
}
