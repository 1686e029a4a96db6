import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ClienteListItem } from '@nido/contract';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ActForButton, ActingBanner } from './ActingFor.tsx';
import { useClientList } from './api.ts';
import { ActiveBadge } from './ui.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/** The search text and page live in the URL (?text=&page=), so Back returns to the same list. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const text = params.get('text') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const update = (next: { text?: string; page?: number }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const nextText = next.text ?? text;
        const nextPage = next.page ?? page;
        if (nextText) out.set('text', nextText);
        else out.delete('text');
        if (nextPage > 1) out.set('page', String(nextPage));
        else out.delete('page');
        return out;
      },
      { replace: true },
    );
  return { text, page, update };
}

function ClientRow({ cliente }: { cliente: ClienteListItem }) {
  const { t } = useTranslation('clients');
  const sameRegion = !cliente.provincia || cliente.provincia === cliente.poblacion;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/cliente/${cliente.id}`} fw={700} size="sm">
          {cliente.nomcome}
        </Anchor>
        {/* Below 1200px (a tablet beside the menu) the legal name and town columns fold in here. */}
        <Text size="xs" c="dimmed" hiddenFrom="lg">
          {cliente.nombre} · {cliente.poblacion}
        </Text>
        {cliente.representante && (
          <Text size="xs" c="dimmed">
            {t('list.representative', { name: cliente.representante })}
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="lg">
        <Text size="sm">{cliente.nombre}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {cliente.cif}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="lg">
        <Text size="sm">{cliente.poblacion}</Text>
        {!sameRegion && (
          <Text size="xs" c="dimmed">
            {cliente.provincia}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{cliente.usuarios}</Text>
      </Table.Td>
      <Table.Td>
        <ActiveBadge active={cliente.activo} labels={{ active: t('active'), inactive: t('inactive') }} />
      </Table.Td>
      <Table.Td ta="right">
        <ActForButton cliente={{ id: cliente.id, nomcome: cliente.nomcome }} />
      </Table.Td>
    </Table.Tr>
  );
}

/** /cliente/list (SPEC §2, §7): search, paging of 25, choose a client to act for, open its detail. */
export default function ClientListPage() {
  const { t } = useTranslation('clients');
  const { text, page, update } = useListParams();
  const [input, setInput] = useState(text);
  const [debounced] = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const list = useClientList(text, page);

  // A settled search text replaces the URL's and starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text triggers it
  useEffect(() => {
    if (debounced !== text) update({ text: debounced, page: 1 });
  }, [debounced]);

  const meta = list.data?.meta;
  const rows = list.data?.data ?? [];
  const lastPage = meta?.last_page ?? 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('list.subtitle')}
          </Text>
        </div>
      </Group>

      <ActingBanner />

      <TextInput
        label={t('list.search')}
        description={t('list.searchHint')}
        type="search"
        value={input}
        onChange={(e) => setInput(e.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        rightSection={list.isFetching && !list.isLoading ? <Loader size="xs" aria-hidden /> : null}
        maw={480}
      />

      {list.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('list.loadError')}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      )}

      {list.isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('list.loading')} />
        </Center>
      ) : (
        !list.isError && (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('list.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fields.nomcome')}</Table.Th>
                    <Table.Th visibleFrom="lg">{t('fields.nombre')}</Table.Th>
                    <Table.Th>{t('fields.cif')}</Table.Th>
                    <Table.Th visibleFrom="lg">{t('fields.poblacion')}</Table.Th>
                    <Table.Th ta="right">{t('list.users')}</Table.Th>
                    <Table.Th>{t('fields.activo')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((cliente) => (
                    <ClientRow key={cliente.id} cliente={cliente} />
                  ))}
                  {rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text c="dimmed" ta="center" py="md">
                          {text ? t('list.noMatches', { text }) : t('list.empty')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )
      )}

      {meta && meta.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('list.range', { from: meta.from, to: meta.to, total: meta.total })}
          </Text>
          {lastPage > 1 && (
            <Pagination
              total={lastPage}
              value={Math.min(page, lastPage)}
              onChange={(next) => update({ page: next })}
              getItemProps={(p) => ({ 'aria-label': t('list.page', { page: p }) })}
              getControlProps={(control) =>
                control === 'previous'
                  ? { 'aria-label': t('list.previousPage') }
                  : control === 'next'
                    ? { 'aria-label': t('list.nextPage') }
                    : control === 'first'
                      ? { 'aria-label': t('list.firstPage') }
                      : { 'aria-label': t('list.lastPage') }
              }
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
