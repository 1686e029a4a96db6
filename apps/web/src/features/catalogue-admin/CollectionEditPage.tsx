import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { COLLECTION_MSG, ColeccionUpdateRequest } from '@nido/contract';
import { IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { IconAction } from '../../components/IconAction.tsx';
import { notifyError, notifySuccess } from '../../components/notify.tsx';
import { PageHeader } from '../../components/PageFrame.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { DataTable } from '../../components/TableParts.tsx';
import { WindowBadge } from '../../components/WindowBadge.tsx';
import { isApiError } from '../../lib/api.ts';
import { type FieldErrors, useContractForm } from '../../lib/forms.ts';
import { apiErrorText, messageText, type ShownMessage } from '../../lib/messages.ts';
import {
  type ColeccionDetailT,
  type ColeccionImageT,
  downloadCollectionImages,
  useCollection,
  useDeleteCollectionImage,
  useSaveCollection,
  useSearchedModel,
  useSetCollectionMainImage,
  useUploadCollectionImage,
} from './api.ts';
import { CollectionLinks } from './components/CollectionLinks.tsx';
import { EditScreen } from './components/EditScreen.tsx';
import { ImageDropzone } from './components/ImageDropzone.tsx';
import { ImageGrid } from './components/ImageTile.tsx';
import { ModelPicker } from './components/ModelPicker.tsx';
import { useLocalized } from './useLocalized.ts';

interface MemberModel {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  imagen: string | null;
  baja: boolean;
}

interface CollectionValues {
  nombre: string;
  nombre_en: string;
  coleccion: string;
  activado: boolean;
  solorepresentantes: boolean;
  /** The windows' days, yyyy-MM-dd; '' for none (record 053). */
  pedido_desde: string;
  pedido_hasta: string;
  entrega_desde: string;
  entrega_hasta: string;
}

/** The four days of a collection's windows, in the order the editor shows them. */
const WINDOW_FIELDS = [
  ['pedido_desde', 'fields.orderFrom'],
  ['pedido_hasta', 'fields.orderUntil'],
  ['entrega_desde', 'fields.deliveryFrom'],
  ['entrega_hasta', 'fields.deliveryUntil'],
] as const;

/** /modelo/coleccion/{id}: names, code, member models and images of one collection (id 0 = new). */
export default function CollectionEditPage() {
  const { t } = useTranslation('catalogAdmin');
  return (
    <EditScreen useRecord={useCollection} back={{ to: '/modelo/colecciones', label: t('collections.back') }}>
      {(collection) => <CollectionEditor key={collection?.id ?? 'new'} collection={collection} />}
    </EditScreen>
  );
}

/** product.md §7: the server's error list (field + message) is kept; with none, a generic message. */
function updateErrors(error: unknown): { fields: FieldErrors; general: ShownMessage | null } {
  const fields: FieldErrors = {};
  if (isApiError(error) && error.body && typeof error.body === 'object') {
    const raw = (error.body as { errors?: unknown }).errors;
    if (Array.isArray(raw)) {
      for (const item of raw) {
        if (item && typeof item === 'object' && 'field' in item && 'message' in item) {
          const field = String((item as { field: unknown }).field).replace(/^collection\./, '');
          fields[field] ??= String((item as { message: unknown }).message);
        }
      }
    } else {
      for (const [field, messages] of Object.entries(error.errors)) {
        if (messages[0]) fields[field.replace(/^collection\./, '')] ??= messages[0];
      }
    }
  }
  return { fields, general: Object.keys(fields).length ? null : COLLECTION_MSG.updateError };
}

function CollectionEditor({ collection }: { collection: ColeccionDetailT | null }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const navigate = useNavigate();
  const searchedModel = useSearchedModel();
  const [members, setMembersState] = useState<MemberModel[]>(() => (collection?.modelos ?? []).map(toMember));
  const [picked, setPicked] = useState<string | null>(null);
  /** What colecciones/update is sent: the fields and the members in their order. */
  const bodyOf = (values: CollectionValues) => ({
    id: collection?.id ?? 0,
    ...values,
    // An empty day is no day: the window is open on that side (or the delivery immediate).
    pedido_desde: values.pedido_desde || null,
    pedido_hasta: values.pedido_hasta || null,
    entrega_desde: values.entrega_desde || null,
    entrega_hasta: values.entrega_hasta || null,
    modelos: members.map((m) => m.modelo),
  });
  /** The message of a failed save that belongs to no field. */
  const [general, setGeneral] = useState<ShownMessage | null>(null);
  const [dirty, setDirty] = useState(false);
  const form = useContractForm<CollectionValues, unknown>({
    initialValues: {
      nombre: collection?.nombre ?? '',
      nombre_en: collection?.nombre_en ?? '',
      coleccion: collection?.coleccion ?? '',
      activado: collection?.activado ?? true,
      solorepresentantes: collection?.solorepresentantes ?? false,
      pedido_desde: collection?.pedido_desde ?? '',
      pedido_hasta: collection?.pedido_hasta ?? '',
      entrega_desde: collection?.entrega_desde ?? '',
      entrega_hasta: collection?.entrega_hasta ?? '',
    },
    schema: ColeccionUpdateRequest.shape.collection,
    input: (values) => bodyOf(values),
    rules: ({ nombre, coleccion }) => {
      const found: Record<string, ShownMessage> = {};
      if (!nombre.trim()) found.nombre = COLLECTION_MSG.nameRequired;
      if (!coleccion.trim()) found.coleccion = COLLECTION_MSG.codeRequired;
      return found;
    },
    onEdit: () => setDirty(true),
  });
  const setMembers = (next: MemberModel[]) => {
    setMembersState(next);
    setDirty(true);
  };

  const save = useSaveCollection({
    onSuccess: (result) => {
      form.clearErrors();
      setGeneral(null);
      setDirty(false);
      notifySuccess(t('collections.saved'));
      if (!collection) navigate(`/modelo/coleccion/${result.coleccion.id}`, { replace: true });
    },
    onError: (error) => {
      const { fields, general } = updateErrors(error);
      form.setErrors(fields);
      setGeneral(general);
    },
  });

  const submit = form.submit(
    (_request, values) => {
      setGeneral(null);
      save.mutate(bodyOf(values));
    },
    () => setGeneral(null),
  );

  const title = collection ? localized(collection, 'nombre') : t('collections.new');

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        details={
          collection && <CollectionLinks id={collection.id} code={collection.coleccion} current="edit" />
        }
      />

      <Paper
        withBorder
        p="lg"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={t('collections.form')}
      >
        <Stack gap="md">
          {general && <ErrorAlert>{form.message(general)}</ErrorAlert>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('fields.nameEs')} required {...form.getInputProps('nombre')} />
            <TextInput label={t('fields.nameEn')} {...form.getInputProps('nombre_en')} />
            <TextInput label={t('fields.code')} required {...form.getInputProps('coleccion')} />
          </SimpleGrid>
          <Group gap="xl">
            <Switch label={t('fields.active')} {...form.getInputProps('activado', { type: 'checkbox' })} />
            <Switch
              label={t('collections.soloRepresentantes')}
              {...form.getInputProps('solorepresentantes', { type: 'checkbox' })}
            />
          </Group>

          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Group gap="sm" component="legend" p={0}>
              <Title order={2} size="h4">
                {t('collections.windowsTitle')}
              </Title>
              {collection && <WindowBadge {...collection} />}
            </Group>
            <QuietText>{t('collections.windowsHint')}</QuietText>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {WINDOW_FIELDS.map(([field, label]) => (
                <TextInput key={field} type="date" label={t(label)} {...form.getInputProps(field)} />
              ))}
            </SimpleGrid>
          </Stack>

          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('collections.membersTitle', { count: members.length })}
            </Title>
            <Group align="flex-end" gap="sm">
              <div style={{ flex: 1, minWidth: 240 }}>
                <ModelPicker
                  label={t('collections.addModel')}
                  value={picked}
                  onChange={setPicked}
                  exclude={members.map((m) => m.modelo)}
                  error={form.errorOf('modelos')}
                />
              </div>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                disabled={!picked}
                onClick={() => {
                  if (!picked || members.some((m) => m.modelo === picked)) return;
                  const found = searchedModel(picked);
                  setMembers([
                    ...members,
                    found
                      ? toMember(found)
                      : { modelo: picked, descripcion: '', descripcion_en: '', imagen: null, baja: false },
                  ]);
                  setPicked(null);
                }}
              >
                {t('collections.addModelButton')}
              </Button>
            </Group>
            {members.length === 0 ? (
              <QuietText>{t('collections.noMembers')}</QuietText>
            ) : (
              <DataTable
                minWidth={520}
                // On a phone each model is a card: picture, code and "remove", then the description.
                stacked={{ media: true, title: 2, actions: true }}
                verticalSpacing={4}
                aria-label={t('collections.membersTable')}
                head={
                  <>
                    <Table.Th w={52}>{t('fields.image')}</Table.Th>
                    <Table.Th>{t('fields.model')}</Table.Th>
                    <Table.Th>{t('fields.description')}</Table.Th>
                    <Table.Th w={60}>{t('actions')}</Table.Th>
                  </>
                }
              >
                {members.map((m) => (
                  <Table.Tr key={m.modelo}>
                    <Table.Td>
                      <Avatar src={m.imagen} alt="" size={32} radius="sm" />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <Anchor component={Link} to={`/modelo/modelocustom/${encodeURIComponent(m.modelo)}`}>
                          {m.modelo}
                        </Anchor>
                        {m.baja && (
                          <Badge size="xs" color="gray">
                            {t('models.inactive')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{localized(m, 'descripcion')}</Table.Td>
                    <Table.Td>
                      <IconAction
                        label={t('collections.removeModel', { modelo: m.modelo })}
                        color="red"
                        onClick={() => setMembers(members.filter((x) => x.modelo !== m.modelo))}
                      >
                        <IconTrash size={16} />
                      </IconAction>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            )}
          </Stack>

          <Group justify="flex-end" gap="sm">
            {dirty && <QuietText>{t('unsavedChanges')}</QuietText>}
            <Button type="submit" loading={save.isPending}>
              {t('collections.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {collection ? (
        <CollectionImages collection={collection} />
      ) : (
        <Paper withBorder p="lg">
          <QuietText>{t('collections.saveBeforeImages')}</QuietText>
        </Paper>
      )}
    </Stack>
  );
}

function toMember(m: {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  imagen?: string | null;
  baja?: boolean;
}): MemberModel {
  return {
    modelo: m.modelo,
    descripcion: m.descripcion,
    descripcion_en: m.descripcion_en,
    imagen: m.imagen ?? null,
    baja: m.baja ?? false,
  };
}

function CollectionImages({ collection }: { collection: ColeccionDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const [images, setImages] = useState<ColeccionImageT[]>(collection.imagenes);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => setImages(collection.imagenes), [collection.imagenes]);
  const onError = (error: unknown) => notifyError(apiErrorText(error, t('images.actionError')));

  const setMain = useSetCollectionMainImage({ onSuccess: (result) => setImages(result.imagenes), onError });
  const remove = useDeleteCollectionImage(collection.id, {
    onSuccess: (_r, id) => setImages((list) => list.filter((i) => i.id !== id)),
    onError,
  });
  const upload = useUploadCollectionImage(collection.id);

  async function download() {
    setDownloading(true);
    try {
      await downloadCollectionImages(collection.id, `${collection.coleccion}.zip`);
    } catch (error) {
      notifyError(messageText((error as Error).message) ?? t('images.downloadError'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <SectionCard
      title={t('images.title')}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => void download()}
          loading={downloading}
          disabled={images.length === 0}
        >
          {t('images.downloadAll')}
        </Button>
      }
    >
      <ImageDropzone
        label={t('images.upload')}
        onUpload={async (file, onProgress) => {
          const image = await upload(file, onProgress);
          setImages((list) => [...list.filter((i) => i.id !== image.id), image]);
        }}
      />
      <ImageGrid
        images={images}
        isMain={(image) => image.initial}
        changes={{ setMain, remove }}
        fit="cover"
      />
    </SectionCard>
  );
}
