import type { ComponentPropsWithRef, ReactNode } from 'react';

export interface ActionButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  icon: ReactNode;
  label: string;
  /** Shown under the icon (a count); the label is the accessible name either way. */
  caption?: ReactNode;
  pressed?: boolean;
}

/** An icon button with a caption: the side actions on the phone, the action row on desktop. */
export function ActionButton({ icon, label, caption, pressed, className, ...rest }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={['video-action', className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-pressed={pressed}
      {...rest}
    >
      <span className="video-action__icon">{icon}</span>
      <span className="video-action__caption" aria-hidden="true">
        {caption ?? label}
      </span>
    </button>
  );
}
