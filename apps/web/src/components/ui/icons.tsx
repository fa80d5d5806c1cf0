import { createElement, type ReactElement, type SVGProps } from 'react';

/** `filled` paints the shape (a liked heart, a favourite star) instead of outlining it. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number; filled?: boolean };

/** Decorative by default: the control around an icon carries the accessible name. */
function Svg({ size = 24, filled = false, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** Each icon is only its shapes; the stroke style and sizing are Svg's. */
const icon =
  (...shapes: ReactElement[]) =>
  (props: IconProps) =>
    createElement(Svg, props, ...shapes);

export const BackIcon = icon(<path d="M15 18l-6-6 6-6" />);

export const ChevronRightIcon = icon(<path d="M9 18l6-6-6-6" />);

export const PencilIcon = icon(<path d="M12 20h9" />, <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z" />);

export const CheckIcon = icon(<path d="M20 6L9 17l-5-5" />);

export const SearchIcon = icon(<circle cx="11" cy="11" r="7" />, <path d="M20 20l-3.5-3.5" />);

export const HomeIcon = icon(<path d="M3 10.5L12 3l9 7.5" />, <path d="M5 9.5V21h5v-6h4v6h5V9.5" />);

export const ListIcon = icon(<rect x="3" y="4" width="18" height="16" rx="2" />, <path d="M10 9l5 3-5 3z" />);

export const GiftIcon = icon(
  <rect x="3" y="8" width="18" height="4" rx="1" />,
  <path d="M5 12v9h14v-9" />,
  <path d="M12 8v13" />,
  <path d="M12 8S10.5 3 7.5 4.5 9 8 12 8zM12 8s1.5-5 4.5-3.5S15 8 12 8z" />,
);

export const UserIcon = icon(<circle cx="12" cy="8" r="4" />, <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />);

export const DownloadIcon = icon(<path d="M12 3v12" />, <path d="M7 10l5 5 5-5" />, <path d="M4 17v3h16v-3" />);

export const CoinIcon = icon(
  <circle cx="12" cy="12" r="9" />,
  <path d="M9 9.5c0-1.4 1.3-2 3-2s3 .8 3 2-1.3 1.8-3 2.2-3 1-3 2.3 1.3 2 3 2 3-.6 3-2M12 5.5v2M12 16.5v2" />,
);

export const WalletIcon = icon(<rect x="3" y="6" width="18" height="14" rx="2" />, <path d="M3 10h18M16 15h2" />);

export const HistoryIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="M12 7v5l3 2" />);

export const InviteIcon = icon(<circle cx="9" cy="8" r="4" />, <path d="M2 21c0-4 3-6 7-6s7 2 7 6M19 8v6M16 11h6" />);

export const GlobeIcon = icon(
  <circle cx="12" cy="12" r="9" />,
  <path d="M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" />,
);

export const SettingsIcon = icon(
  <circle cx="12" cy="12" r="3" />,
  <path d="M19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z" />,
);

export const CrownIcon = icon(<path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z" />);

export const CopyIcon = icon(<rect x="9" y="9" width="12" height="12" rx="2" />, <path d="M5 15V5a2 2 0 012-2h8" />);

export const MailIcon = icon(<rect x="3" y="5" width="18" height="14" rx="2" />, <path d="M3 7l9 6 9-6" />);

export const ShieldIcon = icon(<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />);

export const DocumentIcon = icon(<path d="M6 3h8l4 4v14H6z" />, <path d="M14 3v4h4M9 12h6M9 16h6" />);

export const TrashIcon = icon(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);

export const LockIcon = icon(<rect x="5" y="11" width="14" height="10" rx="2" />, <path d="M8 11V7a4 4 0 018 0v4" />);

export const LogoutIcon = icon(<path d="M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4M16 17l5-5-5-5M21 12H9" />);

export const PlayIcon = icon(<path d="M7 4l13 8-13 8z" />);

export const SuccessIcon = icon(<circle cx="12" cy="12" r="10" />, <path d="M7 12.5l3.2 3.2L17 9" />);

export const FailureIcon = icon(<circle cx="12" cy="12" r="10" />, <path d="M15 9l-6 6M9 9l6 6" />);

export const AlertIcon = icon(<path d="M12 3l10 18H2z" />, <path d="M12 10v4M12 17.5v.5" />);

/** The product mark: a film frame whose bottom edge falls away (a cliffhanger). */
export const LogoMark = ({ size = 28, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...rest}>
    <rect width="32" height="32" rx="8" fill="#FFED47" />
    <path d="M8 9h16v8l-6 6H8z" fill="#1a1a1a" />
    <path d="M14 12.5l5 3-5 3z" fill="#FFED47" />
  </svg>
);

export const ShareIcon = icon(
  <circle cx="18" cy="5" r="3" />,
  <circle cx="6" cy="12" r="3" />,
  <circle cx="18" cy="19" r="3" />,
  <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />,
);

export const HeartIcon = icon(<path d="M12 20s-7-4.4-9.2-9A5 5 0 0112 5.6 5 5 0 0121.2 11C19 15.6 12 20 12 20z" />);

export const StarIcon = icon(<path d="M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9z" />);

export const CommentIcon = icon(<path d="M4 5h16v11H9l-5 4z" />);

export const EpisodesIcon = icon(
  <rect x="4" y="4" width="6" height="6" rx="1" />,
  <rect x="14" y="4" width="6" height="6" rx="1" />,
  <rect x="4" y="14" width="6" height="6" rx="1" />,
  <rect x="14" y="14" width="6" height="6" rx="1" />,
);

export const GearIcon = icon(
  <circle cx="12" cy="12" r="3" />,
  <path d="M12 2v3M12 19v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M2 12h3M19 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" />,
);

export const MutedIcon = icon(<path d="M4 9h4l5-4v14l-5-4H4z" />, <path d="M17 9l4 6M21 9l-4 6" />);
