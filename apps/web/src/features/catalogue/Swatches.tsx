import { ColorSwatch, Group, Text } from '@mantine/core';
import { localized, type Swatch } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/useLang.ts';

/** A small colour dot (decorative; the text next to it names the colour). */
export function ColorDot({ color, size = 14 }: { color: string | null | undefined; size?: number }) {
  if (!color) return null;
  return <ColorSwatch color={color} size={size} aria-hidden style={{ flexShrink: 0 }} />;
}

/** The active colours of a model card: named swatches (the names are read out, and shown on hover). */
export function Swatches({ colores, max = 10 }: { colores: Swatch[]; max?: number }) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  if (!colores.length) return null;
  const shown = colores.slice(0, max);
  const more = colores.length - shown.length;
  return (
    <Group gap={4} component="ul" aria-label={t('colours')} m={0} p={0} style={{ listStyle: 'none' }}>
      {shown.map((c) => {
        const name = localized(c, 'nombre', lang);
        return (
          <li key={c.codigo} title={name}>
            <ColorSwatch color={c.color ?? '#ffffff'} size={16} role="img" aria-label={name} />
          </li>
        );
      })}
      {more > 0 && (
        <Text size="xs" c="dimmed" component="li">
          +{more}
        </Text>
      )}
    </Group>
  );
}
