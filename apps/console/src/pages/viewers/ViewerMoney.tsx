import { createColumnHelper } from '@tanstack/react-table';
import type { ViewerDetail } from '@cliffhanger/contract/console';
import { DataTable } from '../../components/DataTable';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { expiryLabel } from './viewer-labels';
import { ViewerLedger } from './ViewerLedger';

type VipEntry = ViewerDetail['vip']['entries'][number];
const vipColumn = createColumnHelper<VipEntry>();
const vipColumns = [
  vipColumn.accessor('created_at', { header: () => t('viewer.vip.at'), cell: ({ getValue }) => utcTime(getValue()) }),
  vipColumn.accessor('kind', { header: () => t('viewer.vip.kind'), cell: ({ getValue }) => <code>{getValue()}</code> }),
  vipColumn.accessor('seconds', {
    header: () => t('viewer.vip.days'),
    cell: ({ getValue }) => (getValue() / 86_400).toFixed(2).replace(/\.?0+$/, ''),
  }),
  vipColumn.accessor('expires_after', {
    header: () => t('viewer.vip.endsAfter'),
    cell: ({ getValue }) => utcTime(getValue()),
  }),
];

/** The balance, its lots by expiry and the ledger, with the adjust button. */
export function ViewerCoins({ viewer, onAdjust }: { viewer: ViewerDetail; onAdjust: () => void }) {
  const { coins, profile } = viewer;
  return (
    <section className="panel" aria-labelledby="viewer-coins">
      <h2 id="viewer-coins">{t('viewer.coins')}</h2>
      <p>{t('viewer.balance', { coins: coins.balance })}</p>
      {coins.lots.length > 0 && (
        <>
          <h3>{t('viewer.lots')}</h3>
          <ul>
            {coins.lots.map((lot) => (
              <li key={lot.expires_at ?? 'never'}>
                {t('viewer.lot', { coins: lot.remaining, expiry: expiryLabel(lot.expires_at) })}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="toolbar">
        <button type="button" className="button" disabled={profile.deleted_at !== null} onClick={onAdjust}>
          {t('viewer.adjust')}
        </button>
      </div>
      <ViewerLedger uid={profile.uid} />
    </section>
  );
}

/** VIP's end and its ledger, with the grant button. */
export function ViewerVip({ viewer, onGrant }: { viewer: ViewerDetail; onGrant: () => void }) {
  const { vip, profile } = viewer;
  return (
    <section className="panel" aria-labelledby="viewer-vip">
      <h2 id="viewer-vip">{t('viewer.vip')}</h2>
      <p>{vip.expires_at ? t('viewer.vip.until', { at: utcTime(vip.expires_at) }) : t('viewer.vip.none')}</p>
      <div className="toolbar">
        <button type="button" className="button" disabled={profile.deleted_at !== null} onClick={onGrant}>
          {t('viewer.grant')}
        </button>
      </div>
      <DataTable
        data={vip.entries}
        columns={vipColumns}
        getRowId={(entry) => String(entry.id)}
        caption={t('viewer.vip')}
        empty={t('viewer.vip.empty')}
      />
    </section>
  );
}
