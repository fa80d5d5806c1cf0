import { useQueryClient } from '@tanstack/react-query';
import { consoleDeleteProduct, consoleListProducts, type ConsoleProduct } from '@cliffhanger/contract/console';
import { consoleKey, useConsoleMutation } from '../../api/console-query';
import { useFreshTotp } from '../../components/fresh-totp';
import { ReasonDialog } from '../../components/ReasonDialog';
import { t } from '../../i18n/messages';

/** Deletes a product nobody ordered, with a reason and a fresh authenticator code. */
export function DeleteProductDialog({
  product,
  onClose,
  onDeleted,
}: {
  product: ConsoleProduct;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const askTotp = useFreshTotp();
  const queryClient = useQueryClient();
  const remove = useConsoleMutation(consoleDeleteProduct, {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKey(consoleListProducts) });
      onDeleted(product.id);
    },
  });

  const confirm = async (reason: string) => {
    const totp = await askTotp();
    if (totp === null) return;
    remove.mutate({ input: { params: { id: product.id }, body: { reason } }, options: { totp } });
  };

  return (
    <ReasonDialog
      title={t('products.delete.title', { id: product.id })}
      reasonText={{ label: 'products.form.reason', hint: 'products.form.reasonHint', missing: 'products.error.reason' }}
      confirmLabel={t('products.delete.confirm')}
      pendingLabel={t('products.delete.pending')}
      danger
      pending={remove.isPending}
      error={remove.error}
      errorReplacesHint
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t('products.delete.body', { id: product.id })}</p>
    </ReasonDialog>
  );
}
