import { ColorSwatch, Group, Select, Text } from '@mantine/core';
import { localized, type SubstituteGroup } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/useLang.ts';

/** A colour dot beside an option's name (decorative: the name says the colour). */
function Dot({ color }: { color: string | null | undefined }) {
  if (!color) return null;
  return <ColorSwatch color={color} size={14} aria-hidden style={{ flexShrink: 0 }} />;
}

/**
 * A withdrawn option's group in a re-checked line (Order again, Buy again): the substitutes in the
 * server's order (nearest colour first), the chosen one shown with its colour.
 */
export function SubstituteSelect({
  group,
  value,
  onChange,
}: {
  group: SubstituteGroup;
  value: number;
  onChange: (optionId: number) => void;
}) {
  const { t } = useTranslation('quickOrder');
  const lang = useLang();
  const byId = new Map(group.options.map((o) => [String(o.id), o]));
  const chosen = byId.get(String(value));
  return (
    <Select
      label={t('card.substituteFor', {
        group: localized(group, 'grupo', lang),
        option: localized(group.old, 'nombre', lang),
      })}
      data={group.options.map((o) => ({ value: String(o.id), label: localized(o, 'nombre', lang) }))}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      leftSection={chosen?.color ? <Dot color={chosen.color} /> : undefined}
      renderOption={({ option, checked }) => (
        <Group gap="xs" wrap="nowrap">
          <Dot color={byId.get(option.value)?.color} />
          <Text size="sm" fw={checked ? 700 : 400}>
            {option.label}
          </Text>
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
      maw={360}
    />
  );
}
