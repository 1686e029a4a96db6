import { Button, Group, Paper, Table, Text } from '@mantine/core';
import type { ClienteUser } from '@nido/contract';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { IconAction } from '../../components/IconAction.tsx';
import { notifyError, notifySuccess } from '../../components/notify.tsx';
import { QuerySection } from '../../components/SectionCard.tsx';
import { DataTable, EmptyRow, HiddenHeader, TextCell } from '../../components/TableParts.tsx';
import { apiErrorText } from '../../lib/messages.ts';
import { useClientUsers, useCreateClientUser, useDeleteClientUser, useUpdateClientUser } from './api.ts';
import { ClientUserModal, type ClientUserValues } from './ClientUserModal.tsx';
import { ActiveBadge } from './ui.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; user: ClienteUser } | null;

/** product.md §7: add, edit and delete answer true on success and false on failure. */
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
      notifySuccess(t('users.updated', { name: values.name }));
    } else {
      await create.mutateAsync({ ...values, cliente_id: clienteId });
      notifySuccess(t('users.created', { name: values.name }));
    }
    setEditing(null);
  }

  async function confirmDelete(user: ClienteUser) {
    const confirmed = await confirmAction({
      title: t('users.deleteTitle'),
      message: t('users.deleteConfirm', { name: user.name, email: user.email }),
      confirmLabel: t('users.delete'),
    });
    if (!confirmed) return;
    let message = '';
    const ok = await outcome(() =>
      remove.mutateAsync(user.id).catch((error: unknown) => {
        message = apiErrorText(error, '');
        throw error;
      }),
    );
    if (ok) notifySuccess(t('users.deleted', { name: user.name }));
    else notifyError(message || t('users.tryAgain'), { title: t('users.deleteError', { name: user.name }) });
  }

  const list = users.data ?? [];

  return (
    <>
      <QuerySection
        title={t('users.title')}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>
              {t('users.add')}
            </Button>
          )
        }
        gap="sm"
        query={users}
        loadingLabel={t('users.loading')}
        errorMessage={t('users.loadError')}
      >
        {() => (
          <Paper withBorder>
            <DataTable
              minWidth={560}
              // On a phone each user is a card: the name with its buttons, then each field named.
              stacked={{
                labels: [null, t('fields.email'), t('users.language'), t('users.active')],
                title: 1,
                actions: canManage,
              }}
              verticalSpacing="xs"
              striped
              aria-label={t('users.title')}
              head={
                <>
                  <Table.Th>{t('users.name')}</Table.Th>
                  <Table.Th>{t('fields.email')}</Table.Th>
                  <Table.Th>{t('users.language')}</Table.Th>
                  <Table.Th>{t('users.active')}</Table.Th>
                  {canManage && <HiddenHeader label={t('list.actions')} />}
                </>
              }
            >
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
                  <TextCell>{t(`languages.${user.language}`)}</TextCell>
                  <Table.Td>
                    <ActiveBadge
                      active={user.active}
                      labels={{ active: t('active'), inactive: t('inactive') }}
                    />
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <IconAction
                          tooltip={t('users.edit')}
                          label={t('users.editNamed', { name: user.name })}
                          color="gray"
                          onClick={() => setEditing({ mode: 'edit', user })}
                        >
                          <IconPencil size={18} />
                        </IconAction>
                        <DeleteAction
                          tooltip={t('users.delete')}
                          label={t('users.deleteNamed', { name: user.name })}
                          iconSize={18}
                          onClick={() => void confirmDelete(user)}
                        />
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
              {list.length === 0 && (
                <EmptyRow colSpan={canManage ? 5 : 4} py="sm">
                  {t('users.empty')}
                </EmptyRow>
              )}
            </DataTable>
          </Paper>
        )}
      </QuerySection>
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
    </>
  );
}
