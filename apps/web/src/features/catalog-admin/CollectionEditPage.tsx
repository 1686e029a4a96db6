import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { COLLECTION_MSG } from '@nido/contract';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconDownload,
  IconPlus,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import {
  type ColeccionDetailT,
  type ColeccionImageT,
  collectionApi,
  downloadCollectionImages,
  keys,
  useCollection,
} from './api.ts';
import { confirmAction } from './components/confirm.tsx';
import { ImageDropzone } from './components/ImageDropzone.tsx';
import { ModelPicker } from './components/ModelPicker.tsx';
import { notify } from './components/notify.ts';
import { errorText, QueryState } from './components/QueryState.tsx';
import { translateAdminMessage } from './messages.ts';
import { useLocalized } from './useLocalized.ts';

interface MemberModel {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  imagen: string | null;
  baja: boolean;
}

/** /modelo/coleccion/{id}: names, code, member models and images of one collection (id 0 = new). */
export default function CollectionEditPage() {
  const { t } = useTranslation('catalogAdmin');
  const id = Number(useParams().id) || 0;
  const query = useCollection(id);

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/modelo/colecciones" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('collections.back')}
        </Group>
      </Anchor>
      {id === 0 ? (
        <CollectionEditor key="new" collection={null} />
      ) : (
        <QueryState query={query}>
          {() => query.data && <CollectionEditor key={query.data.id} collection={query.data} />}
        </QueryState>
      )}
    </Stack>
  );
}

/** SPEC §8: the server's error list (field + message) is kept; with none, a generic message. */
function updateErrors(error: unknown): { fields: Record<string, string>; general: string | null } {
  const fields: Record<string, string> = {};
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
  const client = useQueryClient();
  const [nombre, setNombre] = useState(collection?.nombre ?? '');
  const [nombreEn, setNombreEn] = useState(collection?.nombre_en ?? '');
  const [codigo, setCodigo] = useState(collection?.coleccion ?? '');
  const [activado, setActivado] = useState(collection?.activado ?? true);
  const [solo, setSolo] = useState(collection?.solorepresentantes ?? false);
  const [members, setMembers] = useState<MemberModel[]>(() => (collection?.modelos ?? []).map(toMember));
  const [picked, setPicked] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string | null }>({
    fields: {},
    general: null,
  });
  const [dirty, setDirty] = useState(false);

  const save = useMutation({
    mutationFn: () =>
      collectionApi.update({
        id: collection?.id ?? 0,
        nombre,
        nombre_en: nombreEn,
        coleccion: codigo,
        activado,
        solorepresentantes: solo,
        modelos: members.map((m) => m.modelo),
      }),
    onSuccess: (result) => {
      setErrors({ fields: {}, general: null });
      setDirty(false);
      notify({ color: 'sage', icon: <IconCheck size={18} />, message: t('collections.saved') });
      void client.invalidateQueries({ queryKey: keys.all });
      if (!collection) navigate(`/modelo/coleccion/${result.coleccion.id}`, { replace: true });
    },
    onError: (error) => setErrors(updateErrors(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields: Record<string, string> = {};
    if (!nombre.trim()) fields.nombre = COLLECTION_MSG.nameRequired;
    if (!codigo.trim()) fields.coleccion = COLLECTION_MSG.codeRequired;
    setErrors({ fields, general: null });
    if (Object.keys(fields).length === 0) save.mutate();
  }

  const changed =
    <T,>(setter: (v: T) => void) =>
    (value: T) => {
      setter(value);
      setDirty(true);
    };

  const fieldError = (field: string) => translateAdminMessage(errors.fields[field]);
  const title = collection ? localized(collection, 'nombre') : t('collections.new');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{title}</Title>
          {collection && (
            <Group gap="xs" mt={4}>
              <Badge variant="light" color="gray">
                {collection.coleccion}
              </Badge>
              <Anchor component={Link} to={`/modelo/modeloscoleccion/${collection.id}`} size="sm">
                {t('collections.viewModels')}
              </Anchor>
              <Anchor component={Link} to={`/modelo/grupos-coleccion/${collection.id}`} size="sm">
                {t('collections.viewGroups')}
              </Anchor>
            </Group>
          )}
        </div>
      </Group>

      <Paper
        withBorder
        p="lg"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={t('collections.form')}
      >
        <Stack gap="md">
          {errors.general && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {translateAdminMessage(errors.general)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('fields.nameEs')}
              required
              value={nombre}
              onChange={(e) => changed(setNombre)(e.currentTarget.value)}
              error={fieldError('nombre')}
            />
            <TextInput
              label={t('fields.nameEn')}
              value={nombreEn}
              onChange={(e) => changed(setNombreEn)(e.currentTarget.value)}
              error={fieldError('nombre_en')}
            />
            <TextInput
              label={t('fields.code')}
              required
              value={codigo}
              onChange={(e) => changed(setCodigo)(e.currentTarget.value)}
              error={fieldError('coleccion')}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Switch
              label={t('fields.active')}
              checked={activado}
              onChange={(e) => changed(setActivado)(e.currentTarget.checked)}
            />
            <Switch
              label={t('collections.soloRepresentantes')}
              checked={solo}
              onChange={(e) => changed(setSolo)(e.currentTarget.checked)}
            />
          </Group>

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
                  error={fieldError('modelos')}
                />
              </div>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                disabled={!picked}
                onClick={() => {
                  if (!picked || members.some((m) => m.modelo === picked)) return;
                  const found = client
                    .getQueriesData<{ data: MemberModel[] }>({ queryKey: ['catalogAdmin', 'modelSearch'] })
                    .flatMap(([, d]) => d?.data ?? [])
                    .find((m) => m.modelo === picked);
                  changed(setMembers)([
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
              <Text size="sm" c="dimmed">
                {t('collections.noMembers')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing={4} aria-label={t('collections.membersTable')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={52}>{t('fields.image')}</Table.Th>
                      <Table.Th>{t('fields.model')}</Table.Th>
                      <Table.Th>{t('fields.description')}</Table.Th>
                      <Table.Th w={60}>{t('actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {members.map((m) => (
                      <Table.Tr key={m.modelo}>
                        <Table.Td>
                          <Avatar src={m.imagen} alt="" size={32} radius="sm" />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6}>
                            <Anchor
                              component={Link}
                              to={`/modelo/modelocustom/${encodeURIComponent(m.modelo)}`}
                            >
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
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('collections.removeModel', { modelo: m.modelo })}
                            onClick={() => changed(setMembers)(members.filter((x) => x.modelo !== m.modelo))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>

          <Group justify="flex-end" gap="sm">
            {dirty && (
              <Text size="sm" c="dimmed">
                {t('unsavedChanges')}
              </Text>
            )}
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
          <Text size="sm" c="dimmed">
            {t('collections.saveBeforeImages')}
          </Text>
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
  const client = useQueryClient();
  const [images, setImages] = useState<ColeccionImageT[]>(collection.imagenes);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => setImages(collection.imagenes), [collection.imagenes]);
  const refresh = () => client.invalidateQueries({ queryKey: keys.all });
  const onError = (error: unknown) =>
    notify({ color: 'red', message: errorText(error, t('images.actionError')) });

  const main = useMutation({
    mutationFn: (id: number) => collectionApi.setImgPrincipal(id),
    onSuccess: (result) => setImages(result.imagenes),
    onError,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => collectionApi.deleteImage(id, collection.id),
    onSuccess: (_r, id) => setImages((list) => list.filter((i) => i.id !== id)),
    onError,
    onSettled: refresh,
  });

  async function download() {
    setDownloading(true);
    try {
      await downloadCollectionImages(collection.id, `${collection.coleccion}.zip`);
    } catch (error) {
      notify({
        color: 'red',
        message: translateAdminMessage((error as Error).message) ?? t('images.downloadError'),
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('images.title')}
          </Title>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void download()}
            loading={downloading}
            disabled={images.length === 0}
          >
            {t('images.downloadAll')}
          </Button>
        </Group>
        <ImageDropzone
          label={t('images.upload')}
          onUpload={async (file, onProgress) => {
            const image = await collectionApi.uploadImage(collection.id, file, onProgress);
            setImages((list) => [...list.filter((i) => i.id !== image.id), image]);
            void refresh();
          }}
        />
        {images.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('images.none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            {images.map((image, index) => (
              <Card key={image.id} withBorder padding="xs">
                <Card.Section>
                  <Image
                    src={image.thumb_url ?? image.url_img}
                    alt={t('images.alt', { index: index + 1 })}
                    h={140}
                    fit="cover"
                  />
                </Card.Section>
                <Group justify="space-between" mt="xs" wrap="nowrap">
                  {image.initial ? (
                    <Badge color="sage.8" leftSection={<IconStarFilled size={12} />}>
                      {t('images.main')}
                    </Badge>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconStar size={12} />}
                      onClick={() => main.mutate(image.id)}
                      loading={main.isPending && main.variables === image.id}
                      aria-label={t('images.setMainFor', { index: index + 1 })}
                    >
                      {t('images.setMain')}
                    </Button>
                  )}
                  <Tooltip label={t('images.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('images.deleteFor', { index: index + 1 })}
                      loading={remove.isPending && remove.variables === image.id}
                      onClick={async () => {
                        const ok = await confirmAction({
                          title: t('images.deleteTitle'),
                          message: t('images.deleteConfirm'),
                        });
                        if (ok) remove.mutate(image.id);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
