import { Button, Group, SimpleGrid, type SimpleGridProps, Stack, Text } from '@mantine/core';
import { localized, type ModelSummary } from '@nido/contract';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImageCard } from '../../components/ImageCard.tsx';
import { PriceTag } from '../../components/Prices.tsx';
import { useLang } from '../../lib/useLang.ts';
import { Swatches } from './Swatches.tsx';

interface ModelCardProps {
  model: ModelSummary;
  onAdd: (modelo: string) => void;
}

/** A model in search results and collections: image, code, description, retail price, colours, add. */
export function ModelCard({ model, onAdd }: ModelCardProps) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const description = localized(model, 'descripcion', lang);
  return (
    <ImageCard
      src={model.imagen}
      alt={description}
      imageHeight={140}
      imageBg="gray.0"
      lazy
      noImageLabel={t('noImage')}
      padding="sm"
      h="100%"
      component="article"
      aria-label={`${model.modelo} ${description}`}
    >
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" ff="monospace" c="dimmed" fw={700}>
            {model.modelo}
          </Text>
          <PriceTag pvp={model.pvp} net={model.precio_neto} />
        </Group>
        <Text size="sm" fw={600} lineClamp={2} style={{ flex: 1 }}>
          {description}
        </Text>
        <Swatches colores={model.colores} max={8} />
        <Button
          size="xs"
          variant="light"
          mt={4}
          leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
          onClick={() => onAdd(model.modelo)}
          aria-label={`${t('addToCart')} ${model.modelo}`}
        >
          {t('addToCart')}
        </Button>
      </Stack>
    </ImageCard>
  );
}

/** The columns of a grid of model cards (search results, a collection's models). */
export const MODEL_GRID_COLS = { base: 1, xs: 2, sm: 3, xl: 4 } as const;

/** Model cards in a responsive grid. */
export function ModelGrid({
  models,
  onAdd,
  ...grid
}: { models: ModelSummary[]; onAdd: (modelo: string) => void } & Pick<SimpleGridProps, 'style'> & {
    'data-testid'?: string;
  }) {
  return (
    <SimpleGrid cols={MODEL_GRID_COLS} spacing="sm" {...grid}>
      {models.map((m) => (
        <ModelCard key={m.modelo} model={m} onAdd={onAdd} />
      ))}
    </SimpleGrid>
  );
}
