import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A quiet line of small grey text: what an empty list says, a hint under a title, a count. */
export function QuietText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
