import { ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import { formatMoney } from '../../../lib/format.ts';
import type { ParametroRowT } from '../api.ts';
import { useLocalized } from '../useLocalized.ts';

/** Options of a group as small swatches with code, name and (size-multiplied) price. */
export function OptionChips({ options, size = 1 }: { options: ParametroRowT[]; size?: number }) {
  const localized = useLocalized();
  return (
    <Group gap={6}>
      {options.map((p) => {
        const price = Math.round(p.price * size * 100) / 100;
        return (
          <Tooltip key={p.id} label={`${p.codigo} · ${localized(p, 'nombre')}`}>
            <Group
              gap={4}
              wrap="nowrap"
              px={6}
              py={2}
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 999,
                opacity: p.activado ? 1 : 0.55,
              }}
            >
              {p.color && <ColorSwatch color={p.color} size={12} />}
              <Text size="xs" fw={600}>
                {p.codigo}
              </Text>
              <Text size="xs">{localized(p, 'nombre')}</Text>
              {price > 0 && (
                <Text size="xs" c="dimmed">
                  +{formatMoney(price)}
                </Text>
              )}
            </Group>
          </Tooltip>
        );
      })}
    </Group>
  );
}
