import {
  Button as AriaButton,
  Link as AriaLink,
  composeRenderProps,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'sm';

type StyleProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Square button holding only an icon; give it an aria-label. */
  iconOnly?: boolean;
};

function buttonClass({ variant = 'primary', size = 'md', fullWidth, iconOnly }: StyleProps, extra?: string): string {
  return [
    styles.button,
    styles[variant],
    size === 'sm' && styles.sm,
    fullWidth && styles.fullWidth,
    iconOnly && styles.iconOnly,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = AriaButtonProps & StyleProps;

/** The only button of the app. Pages pick a variant; they never style buttons themselves. */
export function Button({ variant, size, fullWidth, iconOnly, className, children, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (extra) => buttonClass({ variant, size, fullWidth, iconOnly }, extra))}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          {isPending && <span className={styles.spinner} aria-hidden="true" />}
          {content}
        </>
      ))}
    </AriaButton>
  );
}

export type LinkButtonProps = AriaLinkProps & StyleProps;

/** A link that looks like a button (navigation, e.g. the next step of an empty state). */
export function LinkButton({ variant, size, fullWidth, iconOnly, className, ...props }: LinkButtonProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (extra) => buttonClass({ variant, size, fullWidth, iconOnly }, extra))}
    />
  );
}
