import { Badge, ColorSwatch } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A state as a badge (a checked row or line: ready, to configure, in error): the colour sits in the
 * tint and the dot, the text stays dark so it reads at any tint (WCAG AA), as the order status does.
 */
export function ToneBadge({
  color,
  title,
  children,
}: {
  color: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Badge
      color={color}
      title={title}
      variant="light"
      c="dark.7"
      style={{ flexShrink: 0 }}
      leftSection={
        <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={8} withShadow={false} aria-hidden />
      }
    >
      {children}
    </Badge>
  );
}
