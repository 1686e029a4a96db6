import { Group, type MantineSpacing, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { QueryState, type QueryStateProps } from './QueryState.tsx';

/** The heading of a part of a screen (h2), with its actions on the right. */
export function SectionHeading({
  title,
  id,
  actions,
}: {
  title: ReactNode;
  id?: string;
  actions?: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h3" id={id}>
      {title}
    </Title>
  );
  return actions ? (
    <Group justify="space-between">
      {heading}
      {actions}
    </Group>
  ) : (
    heading
  );
}

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
  const body = (
    <Stack gap={gap}>
      <SectionHeading title={title} actions={actions} />
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

interface QuerySectionProps<Data> extends Omit<QueryStateProps<Data>, 'loadingPy'> {
  /** The section's heading (h2). */
  title: ReactNode;
  /** The heading's id (for a region it names). */
  titleId?: string;
  /** Beside the heading, on the right (a button). */
  actions?: ReactNode;
  gap?: MantineSpacing;
}

/**
 * One part of a screen that shows a query: a heading (with actions), then the query's content, or
 * its spinner (closer than a whole screen's) or failure with Retry (QueryState).
 */
export function QuerySection<Data>({
  title,
  titleId,
  actions,
  gap = 'md',
  ...state
}: QuerySectionProps<Data>) {
  return (
    <Stack gap={gap}>
      <SectionHeading title={title} id={titleId} actions={actions} />
      <QueryState loadingPy="md" {...state} />
    </Stack>
  );
}
