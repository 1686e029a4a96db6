import { Button, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { localized, type ModelSummary } from '@nido/contract';
import { IconPhotoOff, IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { Swatches } from './Swatches.tsx';
import { useLang } from './useLang.ts';

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
    <Card withBorder padding="sm" h="100%" component="article" aria-label={`${model.modelo} ${description}`}>
      <Card.Section>
        {model.imagen ? (
          <Image src={model.imagen} alt={description} h={140} fit="contain" bg="gray.0" loading="lazy" />
        ) : (
          <Center h={140} bg="gray.1" c="dimmed">
            <IconPhotoOff size={32} aria-label={t('noImage')} />
          </Center>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" ff="monospace" c="dimmed" fw={700}>
            {model.modelo}
          </Text>
          <Text size="sm" fw={700} c="rose.8" data-testid="pvp">
            {formatMoney(model.pvp)}
          </Text>
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
    </Card>
  );
}
