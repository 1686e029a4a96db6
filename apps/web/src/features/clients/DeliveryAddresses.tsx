import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type DeliveryAddress, DeliveryAddressWriteRequest, deliveryAddressLines } from '@nido/contract';
import { IconPencil, IconPlus, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { FormFooter } from '../../components/FormFooter.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { IconAction } from '../../components/IconAction.tsx';
import { notifyError, notifySuccess } from '../../components/notify.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { QuerySection } from '../../components/SectionCard.tsx';
import { useContractForm, useFormRequest } from '../../lib/forms.ts';
import { apiErrorText } from '../../lib/messages.ts';
import { useAddressChanges, useAddresses } from './api.ts';

type AddressValues = Omit<DeliveryAddress, 'id' | 'cliente_id'>;

const EMPTY: AddressValues = {
  nombre: '',
  direccion: '',
  cp: '',
  poblacion: '',
  provincia: '',
  pais: 'España',
  telefono: '',
  predeterminada: false,
};

/**
 * A client's delivery addresses (the default first and marked). `canManage`: the Admin and the
 * client's own users add, edit, make the default and delete them; a Representante only reads them.
 */
export function DeliveryAddresses({ clienteId, canManage }: { clienteId: number; canManage: boolean }) {
  const { t } = useTranslation('clients');
  const addresses = useAddresses(clienteId);
  const changes = useAddressChanges(clienteId);
  // The address being edited, 'new' for a new one, null when the form is closed.
  const [editing, setEditing] = useState<DeliveryAddress | 'new' | null>(null);

  async function makeDefault(a: DeliveryAddress) {
    try {
      await changes.update.mutateAsync({ id: a.id, body: { ...a, predeterminada: true } });
      notifySuccess(t('addresses.madeDefault', { name: a.nombre }));
    } catch (error) {
      notifyError(apiErrorText(error, t('addresses.saveError')));
    }
  }
  async function remove(a: DeliveryAddress) {
    try {
      await changes.remove.mutateAsync(a.id);
      notifySuccess(t('addresses.deleted', { name: a.nombre }));
    } catch (error) {
      notifyError(apiErrorText(error, t('addresses.deleteError')));
    }
  }

  return (
    <Paper withBorder p="lg">
      <QuerySection
        title={t('addresses.title')}
        titleId="addresses-title"
        actions={
          canManage && (
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('addresses.add')}
            </Button>
          )
        }
        query={addresses}
        loadingLabel={t('addresses.loading')}
        errorMessage={t('addresses.loadError')}
      >
        {() =>
          addresses.data?.length ? (
            <SimpleGrid
              cols={{ base: 1, sm: 2 }}
              spacing="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0 }}
            >
              {addresses.data.map((a) => (
                <Paper key={a.id} withBorder p="sm" component="li" aria-label={a.nombre}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={600}>{a.nombre}</Text>
                        {a.predeterminada && (
                          <Badge size="sm" variant="light" color="sage">
                            {t('addresses.default')}
                          </Badge>
                        )}
                      </Group>
                      {deliveryAddressLines(a)
                        .slice(1)
                        .map((line) => (
                          <Text key={line} size="sm">
                            {line}
                          </Text>
                        ))}
                    </Stack>
                    {canManage && (
                      <Group gap={4} wrap="nowrap">
                        {!a.predeterminada && (
                          <IconAction
                            label={t('addresses.makeDefaultOf', { name: a.nombre })}
                            tooltip={t('addresses.makeDefault')}
                            onClick={() => void makeDefault(a)}
                          >
                            <IconStar size={16} />
                          </IconAction>
                        )}
                        <IconAction
                          label={t('addresses.editOf', { name: a.nombre })}
                          tooltip={t('addresses.edit')}
                          onClick={() => setEditing(a)}
                        >
                          <IconPencil size={16} />
                        </IconAction>
                        <DeleteAction
                          label={t('addresses.deleteOf', { name: a.nombre })}
                          tooltip={t('addresses.delete')}
                          onClick={() => void remove(a)}
                          confirm={{
                            title: t('addresses.deleteTitle'),
                            message: t('addresses.deleteConfirm', { name: a.nombre }),
                          }}
                        />
                      </Group>
                    )}
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
          ) : (
            <QuietText>{t('addresses.empty')}</QuietText>
          )
        }
      </QuerySection>
      {editing !== null && (
        <AddressModal
          address={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            editing === 'new'
              ? changes.create.mutateAsync(body)
              : changes.update.mutateAsync({ id: editing.id, body })
          }
        />
      )}
    </Paper>
  );
}

/** Add or edit one address; the server's messages stay under their field. */
function AddressModal({
  address,
  onClose,
  onSave,
}: {
  address?: DeliveryAddress;
  onClose: () => void;
  onSave: (values: AddressValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('clients');
  const form = useContractForm<AddressValues, unknown>({
    initialValues: address ? { ...address } : EMPTY,
    schema: DeliveryAddressWriteRequest,
    input: (values) => values,
  });
  const { submit, failure } = useFormRequest(form, {
    send: async (_request, values) => {
      await onSave(values);
      notifySuccess(t('addresses.saved', { name: values.nombre.trim() }));
      onClose();
    },
    failureOf: (error, fieldErrors) =>
      Object.keys(fieldErrors).length === 0 ? apiErrorText(error, '') : null,
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={address ? t('addresses.editTitle', { name: address.nombre }) : t('addresses.addTitle')}
      onSubmit={submit}
    >
      {(failure !== null || form.hasErrors) && <ErrorAlert>{failure || t('detail.fixErrors')}</ErrorAlert>}
      <TextInput
        label={t('addresses.name')}
        description={t('addresses.nameHint')}
        required
        data-autofocus
        {...form.getInputProps('nombre')}
      />
      <TextInput
        label={t('fields.direccion')}
        autoComplete="street-address"
        {...form.getInputProps('direccion')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={t('fields.cp')} autoComplete="postal-code" {...form.getInputProps('cp')} />
        <TextInput
          label={t('fields.poblacion')}
          autoComplete="address-level2"
          {...form.getInputProps('poblacion')}
        />
        <TextInput
          label={t('fields.provincia')}
          autoComplete="address-level1"
          {...form.getInputProps('provincia')}
        />
        <TextInput label={t('fields.pais')} autoComplete="country-name" {...form.getInputProps('pais')} />
      </SimpleGrid>
      <TextInput
        label={t('fields.telefono')}
        type="tel"
        autoComplete="tel"
        {...form.getInputProps('telefono')}
      />
      <FormFooter
        submitLabel={address ? t('addresses.saveChanges') : t('addresses.create')}
        loading={form.submitting}
        onCancel={onClose}
        cancelLabel={t('cancel')}
      />
    </FormModal>
  );
}
