import './empty-state.css';

export function EmptyState({ text }: { text: string }) {
  return (
    <div className="ui-empty" data-testid="empty-state">
      <svg className="ui-empty__art" width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect x="10" y="14" width="44" height="36" rx="6" fill="#ececec" />
        <path d="M10 26h44" stroke="#d6d6d6" strokeWidth="2" />
        <circle cx="20" cy="20" r="2" fill="#cfcfcf" />
        <circle cx="27" cy="20" r="2" fill="#cfcfcf" />
      </svg>
      <p className="ui-empty__text">{text}</p>
    </div>
  );
}
