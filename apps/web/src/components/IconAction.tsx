import { ActionIcon, type ActionIconProps, Group, type MantineColor, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface IconActionProps extends Omit<ActionIconProps, 'children' | 'color' | 'variant'> {
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

/** One of IconLinks: where it leads, its icon, what it does (the tooltip) and its spoken name. */
export interface IconLink {
  to: string;
  icon: Icon;
  tooltip: string;
  label: string;
}

/** A table row's icon buttons, in its last cell: right-aligned, never wrapping. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
    </Group>
  );
}

/** A table row's links to its record's screens, as icon buttons: right-aligned, never wrapping. */
export function IconLinks({ links }: { links: IconLink[] }) {
  return (
    <RowActions>
      {links.map(({ to, icon: Glyph, tooltip, label }) => (
        <IconAction key={to} tooltip={tooltip} label={label} to={to}>
          <Glyph size={18} />
        </IconAction>
      ))}
    </RowActions>
  );
}
