import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconLock, IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Denial } from './screenAccess.ts';

/**
 * Shown in the shell instead of a page the user's role may not open ("no access") or whose id is
 * malformed ("not found"): what happened, and the way home. Nothing of the page is rendered.
 */
export function Denied({ kind }: { kind: Denial }) {
  const { t } = useTranslation('layout');
  const Icon = kind === 'noAccess' ? IconLock : IconMapSearch;
  return (
    <Center mih="50dvh" py="xl" px="md">
      <Stack align="center" gap="md" maw={520} ta="center" data-testid={`denied-${kind}`}>
        <ThemeIcon
          size={64}
          radius="xl"
          variant="light"
          color={kind === 'noAccess' ? 'rose' : 'gray'}
          aria-hidden
        >
          <Icon size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t(`${kind}.title`)}
        </Title>
        <Text c="dimmed">{t(`${kind}.body`)}</Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />}>
          {t(`${kind}.home`)}
        </Button>
      </Stack>
    </Center>
  );
}
