import { Group, type MantineSpacing, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface SectionCardProps {
  /** The section's heading (h2). */
  title: ReactNode;
  /** Beside the heading, on the right (a count, a button). */
  actions?: ReactNode;
  gap?: MantineSpacing;
  /** A form section: its submit handler (browser validation is off: the form shows its own). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's accessible name (a section is named by its heading). */
  formLabel?: string;
  children: ReactNode;
}

/** A bordered card for one part of a screen: a heading (with actions), then its content. */
export function SectionCard({ title, actions, gap = 'md', onSubmit, formLabel, children }: SectionCardProps) {
  const heading = (
    <Title order={2} size="h3">
      {title}
    </Title>
  );
  const body = (
    <Stack gap={gap}>
      {actions ? (
        <Group justify="space-between">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
  return onSubmit ? (
    <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate aria-label={formLabel}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="lg">
      {body}
    </Paper>
  );
}
