import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { familyOf } from '@nido/contract';
import { IconArrowLeft, IconPencil, IconStarFilled } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { type AdminModelDetailT, keys, type ParamGroupDetailT, useAdminModel } from './api.ts';
import { modelEditPath } from './components/ModelsTable.tsx';
import { OptionChips } from './components/OptionChips.tsx';
import { QueryState } from './components/QueryState.tsx';
import { StateBadge } from './components/StateBadge.tsx';
import { sectionsOf } from './model/ModelGroups.tsx';
import { useLocalized } from './useLocalized.ts';

/** Model info (read view): fields, collections, images and the option groups by section. */
export default function ModelInfoPage() {
  const { t } = useTranslation('catalogAdmin');
  const navigate = useNavigate();
  const modelo = useParams().modelo ?? '';
  const query = useAdminModel(modelo);
  return (
    <Stack gap="md">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/modelo/colecciones'))}
      >
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('back')}
        </Group>
      </Anchor>
      <QueryState query={query}>{() => query.data && <ModelInfo model={query.data} />}</QueryState>
    </Stack>
  );
}

function ModelInfo({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const details = useQueries({
    queries: model.grupos.map((g) => ({
      queryKey: keys.group(g.parametros_grupos_id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<ParamGroupDetailT>(`parametrosgrupos/${g.parametros_grupos_id}`, undefined, { signal }),
      staleTime: 60_000,
    })),
  });
  const detailOf = (id: number) => details.find((d) => d.data?.id === id)?.data;
  const sections = sectionsOf(model.grupos);
  const facts: Array<[string, string]> = [
    [t('fields.descriptionEs'), model.descripcion],
    [t('fields.descriptionEn'), model.descripcion_en],
    [t('fields.pvp'), formatMoney(model.pvp)],
    [t('fields.family'), t(`families.${familyOf(model.familia).id}`)],
    [
      t('fields.personalizado'),
      model.personalizado === 2 ? t('modelEditor.modeCustom') : t('modelEditor.modeSimple'),
    ],
    [t('fields.modelobordado'), model.modelobordado],
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('modelInfo.title', { modelo: model.modelo })}</Title>
          <Text c="dimmed" size="sm">
            {localized(model, 'descripcion')}
          </Text>
          <Group gap={6} mt={6}>
            <StateBadge active={!model.baja} />
            {model.colecciones.map((c) => (
              <Badge key={c.id} variant="light">
                {c.coleccion} · {c.nombre}
              </Badge>
            ))}
          </Group>
        </div>
        <Button component={Link} to={modelEditPath(model.modelo)} leftSection={<IconPencil size={16} />}>
          {t('models.edit')}
        </Button>
      </Group>
      <Paper withBorder p="lg">
        <Table variant="vertical" withTableBorder={false} aria-label={t('modelInfo.facts')}>
          <Table.Tbody>
            {facts.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w={220}>{k}</Table.Th>
                <Table.Td>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h3" mb="sm">
          {t('images.title')}
        </Title>
        {model.imagenes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('images.none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            {model.imagenes.map((img, i) => (
              <Card key={img.id} withBorder padding="xs">
                <Card.Section>
                  <Image
                    src={img.thumb_url ?? img.url_img}
                    alt={t('images.alt', { index: i + 1 })}
                    h={120}
                    fit="contain"
                    bg="gray.1"
                  />
                </Card.Section>
                <Group gap={4} mt={6}>
                  {img.principal && (
                    <Badge size="xs" color="sage.8" leftSection={<IconStarFilled size={10} />}>
                      {t('images.main')}
                    </Badge>
                  )}
                  <Badge size="xs" variant="outline" color="gray">
                    {img.color0 ?? t('images.anyColour')}
                  </Badge>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h3" mb="sm">
          {t('modelGroups.title')}
        </Title>
        {sections.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('modelGroups.none')}
          </Text>
        )}
        <Stack gap="md">
          {sections.map((s) => (
            <Stack key={s.id} gap="xs">
              <Title order={3} size="h5">
                {s.id === 0 ? t('modelGroups.defaultSection') : localized(s, 'name')}
              </Title>
              {s.grupos.map((g) => {
                const detail = detailOf(g.parametros_grupos_id);
                return (
                  <Paper key={g.parametros_grupos_id} bg="gray.0" p="sm" radius="md">
                    <Group gap="xs" mb={6}>
                      <Anchor
                        component={Link}
                        to={`/modelo/parametros-edit/${g.parametros_grupos_id}`}
                        fw={600}
                      >
                        {localized(g, 'nombre')}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {t('modelInfo.size', { size: g.size })}
                      </Text>
                    </Group>
                    {detail ? (
                      <OptionChips options={detail.parametros_active} size={g.size} />
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('loading')}
                      </Text>
                    )}
                  </Paper>
                );
              })}
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
