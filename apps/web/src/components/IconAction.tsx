import { ActionIcon, type ActionIconProps, type MantineColor, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface IconActionProps extends Omit<ActionIconProps, 'children' | 'color' | 'variant'> {
  /** What the button does, shown on hover and focus (e.g. "Edit"). */
  tooltip?: string;
  /** Its spoken name, naming its object (e.g. "Edit Capazo"). */
  label: string;
  /** The icon (decorative: the label names the button). */
  children: ReactNode;
  /** A link to this path instead of a button. */
  to?: string;
  onClick?: () => void;
  color?: MantineColor;
  variant?: 'subtle' | 'light';
}

/** A small icon button (or link) with a spoken name and, optionally, a tooltip saying what it does. */
export function IconAction({
  tooltip,
  label,
  children,
  to,
  onClick,
  variant = 'subtle',
  ...props
}: IconActionProps) {
  const button = to ? (
    <ActionIcon component={Link} to={to} variant={variant} aria-label={label} {...props}>
      {children}
    </ActionIcon>
  ) : (
    <ActionIcon variant={variant} aria-label={label} onClick={onClick} {...props}>
      {children}
    </ActionIcon>
  );
  return tooltip ? <Tooltip label={tooltip}>{button}</Tooltip> : button;
}
