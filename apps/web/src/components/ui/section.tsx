import { useId, type ReactNode } from 'react';
import './section.css';

/** A titled card on the page; the heading names the region for assistive technology. */
export function Section({
  title,
  children,
  className,
  testId,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section
      className={['ui-section', className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
      data-testid={testId}
    >
      {title && (
        <div className="ui-section__head">
          <h2 id={headingId} className="ui-section__title">
            {title}
          </h2>
        </div>
      )}
      {children}
    </section>
  );
}
