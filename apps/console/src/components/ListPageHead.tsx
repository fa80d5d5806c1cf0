interface ListPageHeadProps {
  title: string;
  intro: string;
  /** The toolbar's one button, which opens the page's dialog for a new item. */
  action: string;
  onAction: () => void;
  /** What the last change did, announced as it appears. */
  done: string | null;
}

/** The top of a list page: its title, what it is for, the button for a new item, and what was just done. */
export function ListPageHead({ title, intro, action, onAction, done }: ListPageHeadProps) {
  return (
    <>
      <h1>{title}</h1>
      <p>{intro}</p>
      <div className="toolbar">
        <button type="button" className="button button--primary" onClick={onAction}>
          {action}
        </button>
      </div>
      <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
    </>
  );
}
