import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { familyOf } from '@nido/contract';
import { IconPencil, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ImageCard } from '../../components/ImageCard.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatMoney } from '../../lib/format.ts';
import { type AdminModelDetailT, useParamGroupDetails } from './api.ts';
import { ModelHeader, ModelScreen } from './components/ModelScreen.tsx';
import { modelEditPath } from './components/ModelsTable.tsx';
import { OptionChips } from './components/OptionChips.tsx';
import { StateBadge } from './components/StateBadge.tsx';
import { sectionsOf } from './model/ModelGroups.tsx';
import { useLocalized } from './useLocalized.ts';

/** Model info (read view): fields, collections, images and the option groups by section. */
export default function ModelInfoPage() {
  return (
    <ModelScreen modelo={useParams().modelo ?? ''}>{(model) => <ModelInfo model={model} />}</ModelScreen>
  );
}

function ModelInfo({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const details = useParamGroupDetails(model.grupos.map((g) => g.parametros_grupos_id));
  const detailOf = (id: number) => details.find((d) => d.data?.id === id)?.data;
  const sections = sectionsOf(model.grupos);
  const facts: Array<[string, string]> = [
    [t('fields.descriptionEs'), model.descripcion],
    [t('fields.descriptionEn'), model.descripcion_en],
    [t('fields.pvp'), formatMoney(model.pvp)],
    [t('fields.family'), localized(familyOf(model.familia), 'name')],
    [
      t('fields.personalizado'),
      model.personalizado === 2 ? t('modelEditor.modeCustom') : t('modelEditor.modeSimple'),
    ],
    [t('fields.modelobordado'), model.modelobordado],
  ];

  return (
    <Stack gap="md">
      <ModelHeader
        model={model}
        title={t('modelInfo.title', { modelo: model.modelo })}
        badges={
          <>
            <StateBadge active={!model.baja} />
            {model.colecciones.map((c) => (
              <Badge key={c.id} variant="light">
                {c.coleccion} · {c.nombre}
              </Badge>
            ))}
          </>
        }
        actions={
          <Button component={Link} to={modelEditPath(model.modelo)} leftSection={<IconPencil size={16} />}>
            {t('models.edit')}
          </Button>
        }
      />
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
      <SectionCard title={t('images.title')} gap="sm">
        {model.imagenes.length === 0 ? (
          <QuietText>{t('images.none')}</QuietText>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            {model.imagenes.map((img, i) => (
              <ImageCard
                key={img.id}
                src={img.thumb_url ?? img.url_img}
                alt={t('images.alt', { index: i + 1 })}
                imageHeight={120}
                imageBg="gray.1"
                padding="xs"
              >
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
              </ImageCard>
            ))}
          </SimpleGrid>
        )}
      </SectionCard>
      <SectionCard title={t('modelGroups.title')} gap="sm">
        {sections.length === 0 ? (
          <QuietText>{t('modelGroups.none')}</QuietText>
        ) : (
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
                        <QuietText>{t('modelInfo.size', { size: g.size })}</QuietText>
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
        )}
      </SectionCard>
    </Stack>
  );
}
