import { Anchor, Button, Modal, Paper, Table, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ClienteListItem } from '@nido/contract';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { ListPager, SearchBox } from '../../components/ListControls.tsx';
import { closeButtonProps } from '../../components/notify.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { LoadingState } from '../../components/QueryState.tsx';
import { DataTable, EmptyRow, HiddenHeader, TextCell } from '../../components/TableParts.tsx';
import { isAdmin, useSession } from '../../lib/session.ts';
import { useListParams } from '../../lib/useListParams.ts';
import { ActForButton, ActingBanner } from './ActingFor.tsx';
import { useClientList } from './api.ts';
import { ClientForm } from './ClientForm.tsx';
import { ActiveBadge } from './ui.tsx';

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
      <TextCell visibleFrom="lg">{cliente.nombre}</TextCell>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {cliente.cif}
        </Text>
      </Table.Td>
      <TextCell visibleFrom="lg" note={sameRegion ? null : cliente.provincia}>
        {cliente.poblacion}
      </TextCell>
      <TextCell ta="right">{cliente.usuarios}</TextCell>
      <Table.Td>
        <ActiveBadge active={cliente.activo} labels={{ active: t('active'), inactive: t('inactive') }} />
      </Table.Td>
      <Table.Td ta="right">
        <ActForButton cliente={{ id: cliente.id, nomcome: cliente.nomcome }} />
      </Table.Td>
    </Table.Tr>
  );
}

/** "New client" (Admin): the client form in a dialog (full screen on a phone); saved, the new client's page. */
function NewClient() {
  const { t } = useTranslation('clients');
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const navigate = useNavigate();
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
        {t('list.new')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('list.newTitle')}
        size="xl"
        fullScreen={phone}
        centered
        closeButtonProps={closeButtonProps()}
      >
        <ClientForm onCancel={close} onCreated={(cliente) => navigate(`/cliente/${cliente.id}`)} />
      </Modal>
    </>
  );
}

/** /cliente/list (product.md §4, §7): search, paging of 25, choose a client to act for, open its detail. */
export default function ClientListPage() {
  const { t } = useTranslation('clients');
  // The search text and page live in the URL (?text=&page=), so Back returns to the same list.
  const params = useListParams({ searchParam: 'text', replacePage: true });
  const list = useClientList(params.search, params.page);
  const admin = isAdmin(useSession().user);

  const rows = list.data?.data ?? [];

  return (
    <PageFrame title={t('list.title')} subtitle={t('list.subtitle')} actions={admin && <NewClient />}>
      <ActingBanner />

      <SearchBox
        label={t('list.search')}
        description={t('list.searchHint')}
        value={params.text}
        onChange={params.setText}
        busy={list.isFetching && !list.isLoading}
        maw={480}
      />

      {list.isError && (
        <ErrorAlert onRetry={list.refetch} retryLabel={t('retry')}>
          {t('list.loadError')}
        </ErrorAlert>
      )}

      {list.isLoading ? (
        <LoadingState label={t('list.loading')} />
      ) : (
        !list.isError && (
          <Paper withBorder>
            <DataTable
              minWidth={640}
              // On a phone each client is a card: its name, then each field named, then "act for".
              stacked={{
                labels: [
                  null,
                  t('fields.nombre'),
                  t('fields.cif'),
                  t('fields.poblacion'),
                  t('list.users'),
                  t('fields.activo'),
                ],
                title: 1,
              }}
              striped
              highlightOnHover
              verticalSpacing="xs"
              aria-label={t('list.title')}
              head={
                <>
                  <Table.Th>{t('fields.nomcome')}</Table.Th>
                  <Table.Th visibleFrom="lg">{t('fields.nombre')}</Table.Th>
                  <Table.Th>{t('fields.cif')}</Table.Th>
                  <Table.Th visibleFrom="lg">{t('fields.poblacion')}</Table.Th>
                  <Table.Th ta="right">{t('list.users')}</Table.Th>
                  <Table.Th>{t('fields.activo')}</Table.Th>
                  <HiddenHeader label={t('list.actions')} />
                </>
              }
            >
              {rows.map((cliente) => (
                <ClientRow key={cliente.id} cliente={cliente} />
              ))}
              {rows.length === 0 && (
                <EmptyRow colSpan={7}>
                  {params.search ? t('list.noMatches', { text: params.search }) : t('list.empty')}
                </EmptyRow>
              )}
            </DataTable>
          </Paper>
        )
      )}

      <ListPager
        meta={list.data?.meta}
        onPage={params.setPage}
        range={(meta) => t('list.range', { from: meta.from, to: meta.to, total: meta.total })}
      />
    </PageFrame>
  );
}
