import { createColumnHelper } from '@tanstack/react-table';
import { consoleGetOrder, roleMayCall, type ViewerDetail } from '@cliffhanger/contract/console';
import { Link } from 'react-router';
import { useOperator } from '../../app/operator-context';
import { DataTable } from '../../components/DataTable';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { priceLabel } from './viewer-labels';

type Order = ViewerDetail['orders'][number];
type Reward = ViewerDetail['rewards'][number];
type Play = ViewerDetail['plays'][number];
type Invite = ViewerDetail['invites']['invited'][number];

/** An order's id, linked to its page for the roles that may open it (support sees the id alone). */
function OrderId({ publicId }: { publicId: string }) {
  const { role } = useOperator();
  if (!roleMayCall(consoleGetOrder.access, role)) return <>{publicId}</>;
  return <Link to={`/orders/${encodeURIComponent(publicId)}`}>{publicId}</Link>;
}

const orderColumn = createColumnHelper<Order>();
const orderColumns = [
  orderColumn.accessor('public_id', {
    header: () => t('viewer.orders.id'),
    cell: ({ getValue }) => <OrderId publicId={getValue()} />,
  }),
  orderColumn.accessor('product_id', { header: () => t('viewer.orders.product') }),
  orderColumn.accessor('channel', { header: () => t('viewer.orders.channel') }),
  orderColumn.accessor('status', { header: () => t('viewer.orders.status') }),
  orderColumn.accessor('price_cents', {
    header: () => t('viewer.orders.price'),
    cell: ({ row }) => priceLabel(row.original.price_cents, row.original.currency),
  }),
  orderColumn.accessor('created_at', {
    header: () => t('viewer.orders.at'),
    cell: ({ getValue }) => utcTime(getValue()),
  }),
];

const rewardColumn = createColumnHelper<Reward>();
const rewardColumns = [
  rewardColumn.accessor('kind', {
    header: () => t('viewer.rewards.kind'),
    cell: ({ getValue }) => (getValue() === 'checkin' ? t('viewer.rewards.checkin') : <code>{getValue()}</code>),
  }),
  rewardColumn.accessor('period', { header: () => t('viewer.rewards.period') }),
  rewardColumn.accessor('coins', { header: () => t('viewer.rewards.coins') }),
  rewardColumn.accessor('created_at', {
    header: () => t('viewer.rewards.at'),
    cell: ({ getValue }) => utcTime(getValue()),
  }),
];

const playColumn = createColumnHelper<Play>();
const playColumns = [
  playColumn.accessor('drama_title', { header: () => t('viewer.plays.drama') }),
  playColumn.accessor('episode_number', { header: () => t('viewer.plays.episode') }),
  playColumn.accessor('position_s', {
    header: () => t('viewer.plays.position'),
    cell: ({ getValue }) => t('viewer.plays.seconds', { seconds: Math.round(getValue()) }),
  }),
  playColumn.accessor('updated_at', {
    header: () => t('viewer.plays.at'),
    cell: ({ getValue }) => utcTime(getValue()),
  }),
];

const inviteText = (invite: Invite) =>
  t('viewer.invite', {
    uid: invite.uid,
    nickname: invite.nickname || t('viewers.noNickname'),
    at: utcTime(invite.created_at),
    coins: invite.inviter_reward,
  });

/** What the viewer bought, whom they invited (and who invited them), the rewards they claimed and what they watched. */
export function ViewerActivity({ viewer }: { viewer: ViewerDetail }) {
  const { orders, invites, rewards, plays } = viewer;
  return (
    <>
      <section className="panel" aria-labelledby="viewer-orders">
        <h2 id="viewer-orders">{t('viewer.orders')}</h2>
        <DataTable
          data={orders}
          columns={orderColumns}
          getRowId={(order) => order.public_id}
          caption={t('viewer.orders')}
          empty={t('viewer.orders.empty')}
        />
      </section>
      <section className="panel" aria-labelledby="viewer-invites">
        <h2 id="viewer-invites">{t('viewer.invites')}</h2>
        <h3>{t('viewer.invitedBy')}</h3>
        <p>{invites.invited_by ? <InviteLink invite={invites.invited_by} /> : t('viewer.invitedByNone')}</p>
        <h3>{t('viewer.invited')}</h3>
        {invites.invited.length === 0 ? (
          <p>{t('viewer.invitedNone')}</p>
        ) : (
          <ul>
            {invites.invited.map((invite) => (
              <li key={invite.uid}>
                <InviteLink invite={invite} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="panel" aria-labelledby="viewer-rewards">
        <h2 id="viewer-rewards">{t('viewer.rewards')}</h2>
        <DataTable
          data={rewards}
          columns={rewardColumns}
          getRowId={(reward) => `${reward.kind}:${reward.period}:${reward.created_at}`}
          caption={t('viewer.rewards')}
          empty={t('viewer.rewards.empty')}
        />
      </section>
      <section className="panel" aria-labelledby="viewer-plays">
        <h2 id="viewer-plays">{t('viewer.plays')}</h2>
        <DataTable
          data={plays}
          columns={playColumns}
          getRowId={(play) => String(play.drama_id)}
          caption={t('viewer.plays')}
          empty={t('viewer.plays.empty')}
        />
      </section>
    </>
  );
}

function InviteLink({ invite }: { invite: Invite }) {
  return <Link to={`/viewers/${invite.uid}`}>{inviteText(invite)}</Link>;
}
