import type { ComponentPropsWithRef } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  block?: boolean;
  small?: boolean;
}

export function buttonClassName(
  variant: ButtonVariant = 'primary',
  block = false,
  small = false,
  extra?: string,
): string {
  return ['ui-button', `ui-button--${variant}`, block && 'ui-button--block', small && 'ui-button--small', extra]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'primary',
  block = false,
  small = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, block, small, className)} {...rest} />;
}
