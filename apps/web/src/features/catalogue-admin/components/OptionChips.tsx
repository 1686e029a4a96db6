import { ColorSwatch, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { eurosTimes, formatMoney } from '../../../lib/format.ts';
import type { ParametroRowT } from '../api.ts';
import { useLocalized } from '../useLocalized.ts';

/**
 * Options of a group as small swatches with code, name and (size-multiplied) price. An inactive one
 * is struck through in a dashed outline and says so to a screen reader (not faded: faded text falls
 * below AA contrast).
 */
export function OptionChips({ options, size = 1 }: { options: ParametroRowT[]; size?: number }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  return (
    <Group gap={6}>
      {options.map((p) => {
        const price = eurosTimes(p.price, size);
        const struck = p.activado ? undefined : 'line-through';
        return (
          <Tooltip key={p.id} label={`${p.codigo} · ${localized(p, 'nombre')}`}>
            <Group
              gap={4}
              wrap="nowrap"
              px={6}
              py={2}
              style={{
                border: p.activado
                  ? '1px solid var(--mantine-color-gray-3)'
                  : '1px dashed var(--mantine-color-gray-6)',
                borderRadius: 999,
              }}
            >
              {p.color && <ColorSwatch color={p.color} size={12} />}
              <Text size="xs" fw={600} td={struck}>
                {p.codigo}
              </Text>
              <Text size="xs" td={struck}>
                {localized(p, 'nombre')}
              </Text>
              {price > 0 && (
                <Text size="xs" c="dimmed" td={struck}>
                  +{formatMoney(price)}
                </Text>
              )}
              {!p.activado && <VisuallyHidden>{t('models.inactive')}</VisuallyHidden>}
            </Group>
          </Tooltip>
        );
      })}
    </Group>
  );
}
