import { Anchor, Group, type MantineSpacing, Stack, Text, Title, type TitleProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** "← Back to …": a link to `to`, or a button running `onClick` (e.g. history back). */
export function BackLink({
  to,
  onClick,
  children,
}: {
  to?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const label = (
    <Group gap={4} component="span">
      <IconArrowLeft size={16} aria-hidden />
      {children}
    </Group>
  );
  return to ? (
    <Anchor component={Link} to={to} size="sm">
      {label}
    </Anchor>
  ) : (
    <Anchor component="button" type="button" size="sm" onClick={onClick}>
      {label}
    </Anchor>
  );
}

interface PageHeaderProps {
  title: ReactNode;
  /** A dimmed line under the title. */
  subtitle?: ReactNode;
  /** Anything else under the title (badges, links). */
  details?: ReactNode;
  /** Buttons on the right of the title (they wrap below it on a narrow screen). */
  actions?: ReactNode;
  titleSize?: TitleProps['size'];
  titleId?: string;
  /** Where the actions sit beside a tall heading (default: level with its last line). */
  actionsAlign?: 'flex-start' | 'flex-end';
}

/** A screen's h1 with its subtitle and actions. */
export function PageHeader({
  title,
  subtitle,
  details,
  actions,
  titleSize,
  titleId,
  actionsAlign = 'flex-end',
}: PageHeaderProps) {
  const heading = (
    <div>
      <Title order={1} size={titleSize} id={titleId}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
      {details}
    </div>
  );
  if (!actions) return heading;
  return (
    <Group justify="space-between" align={actionsAlign}>
      {heading}
      {actions}
    </Group>
  );
}

interface PageFrameProps extends PageHeaderProps {
  /** A BackLink above the title. */
  back?: ReactNode;
  maw?: number;
  gap?: MantineSpacing;
  children: ReactNode;
}

/** A screen: back link, title (h1) with subtitle and actions, then the content, stacked. */
export function PageFrame({ back, maw, gap = 'md', children, ...header }: PageFrameProps) {
  return (
    <Stack gap={gap} maw={maw}>
      {back}
      <PageHeader {...header} />
      {children}
    </Stack>
  );
}
