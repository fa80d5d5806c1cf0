import type { Db } from '../../db/database.js';
import { WalletReconcileRepository, type WalletDifference } from '../../repositories/wallet-reconcile.repository.js';

export interface ReconcileReport {
  checked: number;
  differences: WalletDifference[];
}

/**
 * Compares every users.coin with its ledger (SUM of amounts and the newest balance_after) and
 * its lots (SUM of remaining), in one repeatable-read snapshot so wallets changing meanwhile do
 * not show as false differences. Reads only.
 */
export function reconcileWallets(db: Db): Promise<ReconcileReport> {
  const repo = new WalletReconcileRepository(db);
  return db.transaction(
    async (tx) => ({ checked: await repo.countUsers(tx), differences: await repo.differences(tx) }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export function formatReconcileReport(report: ReconcileReport): string {
  if (report.differences.length === 0) return `Reconciled ${report.checked} wallets: no differences.\n`;
  const lines = report.differences.map(
    (d) =>
      `  user ${d.userId}: coin ${d.coin}, ledger sum ${d.ledger}, lots ${d.lots}, last balance_after ${d.lastBalance ?? '-'}`,
  );
  return `Reconciled ${report.checked} wallets: ${report.differences.length} differ.\n${lines.join('\n')}\n`;
}
