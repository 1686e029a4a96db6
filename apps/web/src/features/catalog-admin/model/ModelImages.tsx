import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { type AdminModelDetailT, keys, modelApi, type ParamGroupDetailT } from '../api.ts';
import { confirmAction } from '../components/confirm.tsx';
import { ImageDropzone } from '../components/ImageDropzone.tsx';
import { notify } from '../components/notify.ts';
import { errorText } from '../components/QueryState.tsx';
import { useLocalized } from '../useLocalized.ts';

type ImageT = AdminModelDetailT['imagenes'][number];

/** The colour codes an image can be tied to: the options of the model's groups. */
function useColourOptions(model: AdminModelDetailT) {
  const localized = useLocalized();
  const results = useQueries({
    queries: model.grupos.map((g) => ({
      queryKey: keys.group(g.parametros_grupos_id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<ParamGroupDetailT>(`parametrosgrupos/${g.parametros_grupos_id}`, undefined, { signal }),
      staleTime: 60_000,
    })),
  });
  const seen = new Set<string>();
  const groups: Array<{ group: string; items: Array<{ value: string; label: string }> }> = [];
  for (const r of results) {
    if (!r.data) continue;
    const items = r.data.parametros
      .filter((p) => p.codigo && !seen.has(p.codigo))
      .map((p) => {
        seen.add(p.codigo);
        return { value: p.codigo, label: `${p.codigo} · ${localized(p, 'nombre')}` };
      });
    if (items.length) groups.push({ group: localized(r.data, 'nombre'), items });
  }
  return { groups, known: seen };
}

/** Model images: drag-and-drop upload with progress, colour code, main flag, delete (confirmed). */
export function ModelImages({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const client = useQueryClient();
  const { groups, known } = useColourOptions(model);
  const [uploadColour, setUploadColour] = useState<string | null>(null);
  const images = model.imagenes;
  const refresh = () => client.invalidateQueries({ queryKey: keys.model(model.modelo) });
  const setImages = (update: (list: ImageT[]) => ImageT[]) =>
    client.setQueryData<AdminModelDetailT>(keys.model(model.modelo), (old) =>
      old ? { ...old, imagenes: update(old.imagenes) } : old,
    );
  const onError = (error: unknown) =>
    notify({ color: 'red', message: errorText(error, t('images.actionError')) });

  const colourData = (current: string | null) =>
    current && !known.has(current) ? [{ group: t('images.otherCode'), items: [current] }, ...groups] : groups;

  const main = useMutation({
    mutationFn: (id: number) => modelApi.setMainImage(id, model.modelo),
    onSuccess: (result) =>
      setImages((list) =>
        list.map((img) => ({
          ...img,
          principal: result.imagenes.find((r) => r.id === img.id)?.principal ?? false,
        })),
      ),
    onError,
    onSettled: refresh,
  });
  const colour = useMutation({
    mutationFn: ({ id, codigo }: { id: number; codigo: string | null }) =>
      modelApi.tieImageToColour(id, codigo),
    onSuccess: (result) =>
      setImages((list) =>
        list.map((img) => (img.id === result.id ? { ...img, color0: result.color0 } : img)),
      ),
    onError,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => modelApi.deleteImage(id),
    onSuccess: (result, id) =>
      setImages((list) =>
        list
          .filter((img) => img.id !== id)
          .map((img) => (result.principal_id === img.id ? { ...img, principal: true } : img)),
      ),
    onError,
    onSettled: refresh,
  });

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('images.title')}
        </Title>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Select
            label={t('images.uploadColour')}
            placeholder={t('images.anyColour')}
            data={groups}
            value={uploadColour}
            onChange={setUploadColour}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('images.clearColour') }}
            w={{ base: '100%', sm: 260 }}
          />
          <div style={{ flex: 1, minWidth: 260 }}>
            <ImageDropzone
              label={t('images.upload')}
              onUpload={async (file, onProgress) => {
                const row = await modelApi.uploadImage(model.modelo, uploadColour, file, onProgress);
                setImages((list) => [...list.filter((i) => i.id !== row.id), row]);
                void refresh();
              }}
            />
          </div>
        </Group>
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
                    fit="contain"
                    bg="gray.1"
                  />
                </Card.Section>
                <Stack gap={6} mt="xs">
                  <Select
                    size="xs"
                    label={t('images.colourFor', { index: index + 1 })}
                    placeholder={t('images.anyColour')}
                    data={colourData(image.color0)}
                    value={image.color0}
                    onChange={(codigo) => colour.mutate({ id: image.id, codigo })}
                    searchable
                    clearable
                    clearButtonProps={{ 'aria-label': t('images.clearColourFor', { index: index + 1 }) }}
                    disabled={colour.isPending && colour.variables?.id === image.id}
                  />
                  <Group justify="space-between" wrap="nowrap">
                    {image.principal ? (
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
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
