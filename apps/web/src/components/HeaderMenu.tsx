import { Menu } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A menu of the top bar: opens below its button, aligned right, rendered in place (no portal) and
 * without moving the focus into it until the keyboard does.
 */
export function HeaderMenu({
  width,
  target,
  children,
}: {
  width: number;
  target: ReactNode;
  children: ReactNode;
}) {
  return (
    <Menu
      position="bottom-end"
      width={width}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
