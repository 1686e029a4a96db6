import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ClienteUser } from '@nido/contract';
import { IconAlertCircle, IconCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { useClientUsers, useCreateClientUser, useDeleteClientUser, useUpdateClientUser } from './api.ts';
import { ClientUserModal, type ClientUserValues } from './ClientUserModal.tsx';
import { ActiveBadge, confirmDefaults, notify } from './ui.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; user: ClienteUser } | null;

/** SPEC §8: add, edit and delete answer true on success and false on failure. */
async function outcome(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    return false;
  }
}

/**
 * The users of a client (GET clienteUsers/{id}); an Admin adds, edits and deletes them. A
 * Representante sees the list only (the server refuses the changes too).
 */
export function ClientUsers({ clienteId, canManage }: { clienteId: number; canManage: boolean }) {
  const { t } = useTranslation('clients');
  const users = useClientUsers(clienteId);
  const create = useCreateClientUser(clienteId);
  const update = useUpdateClientUser(clienteId);
  const remove = useDeleteClientUser(clienteId);
  const [editing, setEditing] = useState<Editing>(null);

  async function save(values: ClientUserValues) {
    if (editing?.mode === 'edit') {
      const { password, password_confirmation, ...rest } = values;
      const body = password ? { ...rest, password, password_confirmation } : rest;
      await update.mutateAsync({ id: editing.user.id, body });
      notify({
        color: 'sage',
        icon: <IconCheck size={18} />,
        message: t('users.updated', { name: values.name }),
      });
    } else {
      await create.mutateAsync({ ...values, cliente_id: clienteId });
      notify({
        color: 'sage',
        icon: <IconCheck size={18} />,
        message: t('users.created', { name: values.name }),
      });
    }
    setEditing(null);
  }

  function confirmDelete(user: ClienteUser) {
    modals.openConfirmModal({
      ...confirmDefaults(),
      title: t('users.deleteTitle'),
      children: <Text size="sm">{t('users.deleteConfirm', { name: user.name, email: user.email })}</Text>,
      labels: { confirm: t('users.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        let message = '';
        const ok = await outcome(() =>
          remove.mutateAsync(user.id).catch((error: unknown) => {
            message = isApiError(error) ? error.message : '';
            throw error;
          }),
        );
        notify(
          ok
            ? {
                color: 'sage',
                icon: <IconCheck size={18} />,
                message: t('users.deleted', { name: user.name }),
              }
            : {
                color: 'red',
                icon: <IconAlertCircle size={18} />,
                title: t('users.deleteError', { name: user.name }),
                message: message || t('users.tryAgain'),
              },
        );
      },
    });
  }

  const list = users.data ?? [];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('users.title')}
        </Title>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>
            {t('users.add')}
          </Button>
        )}
      </Group>
      {users.isLoading && (
        <Center py="md">
          <Loader aria-label={t('users.loading')} />
        </Center>
      )}
      {users.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('users.loadError')}</Text>
            <Button size="xs" variant="default" onClick={() => void users.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {users.isSuccess && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped aria-label={t('users.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.name')}</Table.Th>
                  <Table.Th>{t('fields.email')}</Table.Th>
                  <Table.Th>{t('users.language')}</Table.Th>
                  <Table.Th>{t('users.active')}</Table.Th>
                  {canManage && (
                    <Table.Th>
                      <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {user.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`languages.${user.language}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <ActiveBadge
                        active={user.active}
                        labels={{ active: t('active'), inactive: t('inactive') }}
                      />
                    </Table.Td>
                    {canManage && (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label={t('users.edit')}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('users.editNamed', { name: user.name })}
                              onClick={() => setEditing({ mode: 'edit', user })}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('users.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('users.deleteNamed', { name: user.name })}
                              onClick={() => confirmDelete(user)}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
                {list.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={canManage ? 5 : 4}>
                      <Text c="dimmed" ta="center" py="sm">
                        {t('users.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {editing && (
        <ClientUserModal
          key={editing.mode === 'edit' ? editing.user.id : 'new'}
          opened
          onClose={() => setEditing(null)}
          clienteId={clienteId}
          user={editing.mode === 'edit' ? editing.user : undefined}
          onSave={save}
        />
      )}
    </Stack>
  );
}
