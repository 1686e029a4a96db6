import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { EMBROIDERY_COLOURS_GROUP_ID } from '@nido/contract';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useParamGroups } from './api.ts';
import { Pager, SearchBox, useListParams } from './components/ListControls.tsx';
import { QueryState } from './components/QueryState.tsx';
import { StateBadge } from './components/StateBadge.tsx';
import { useLocalized } from './useLocalized.ts';

/** /modelo/parametros: the parameter (option) groups, with search and paging. */
export default function ParameterGroupsPage() {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const { search, page, text, setText, setPage } = useListParams();
  const query = useParamGroups(search, page);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('groups.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('groups.subtitle')}
          </Text>
        </div>
        <Button component={Link} to="/modelo/parametros-edit/0" leftSection={<IconPlus size={16} />}>
          {t('groups.new')}
        </Button>
      </Group>
      <Paper withBorder p="md">
        <SearchBox label={t('groups.search')} value={text} onChange={setText} />
        <QueryState query={query}>
          {() => (
            <>
              <Table.ScrollContainer minWidth={680} mt="md">
                <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('groups.title')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t('fields.id')}</Table.Th>
                      <Table.Th>{t('fields.name')}</Table.Th>
                      <Table.Th ta="right">{t('fields.size')}</Table.Th>
                      <Table.Th ta="right">{t('groups.options')}</Table.Th>
                      <Table.Th ta="right">{t('groups.models')}</Table.Th>
                      <Table.Th>{t('fields.state')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {query.data?.data.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={7}>
                          <Text size="sm" c="dimmed" ta="center" py="md">
                            {t('groups.noneFound')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                    {query.data?.data.map((row) => {
                      const name = localized(row, 'nombre');
                      return (
                        <Table.Tr key={row.id}>
                          <Table.Td>{row.id}</Table.Td>
                          <Table.Td>
                            <Group gap={6}>
                              <Anchor
                                component={Link}
                                to={`/modelo/parametros-edit/${row.id}`}
                                fw={600}
                                size="sm"
                              >
                                {name}
                              </Anchor>
                              {row.id === EMBROIDERY_COLOURS_GROUP_ID && (
                                <Badge size="xs" variant="light">
                                  {t('groups.embroideryColours')}
                                </Badge>
                              )}
                            </Group>
                          </Table.Td>
                          <Table.Td ta="right">{row.size}</Table.Td>
                          <Table.Td ta="right">{row.parametros_count}</Table.Td>
                          <Table.Td ta="right">{row.modelos_count}</Table.Td>
                          <Table.Td>
                            <StateBadge active={row.activado} />
                          </Table.Td>
                          <Table.Td>
                            <Group justify="flex-end">
                              <Tooltip label={t('groups.edit')}>
                                <ActionIcon
                                  component={Link}
                                  to={`/modelo/parametros-edit/${row.id}`}
                                  variant="subtle"
                                  aria-label={t('groups.editFor', { name })}
                                >
                                  <IconPencil size={18} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager meta={query.data?.meta} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
