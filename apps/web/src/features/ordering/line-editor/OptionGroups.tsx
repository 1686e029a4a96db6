import { Fieldset, Group, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { localized, type ModelGroup } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { messageText, type ShownMessage } from '../../../lib/messages.ts';
import { useLang } from '../../../lib/useLang.ts';
import { ColorDot } from '../../catalogue/index.ts';
import {
  activeOptions,
  type arrangeSections,
  type ConfigErrors,
  type ConfigState,
  groupField,
} from './configurator.ts';

/** The model's option groups, by section: a section with a name is a fieldset, one without is a plain stack. */
export function OptionGroups({
  sections,
  options,
  errors,
  onChoose,
}: {
  sections: ReturnType<typeof arrangeSections>;
  options: ConfigState['options'];
  errors: ConfigErrors;
  onChoose: (group: ModelGroup, value: string | null) => void;
}) {
  const lang = useLang();
  return (
    <>
      {sections.map((section) => {
        const groups = section.groups.map((group) => (
          <GroupSelect
            key={group.id}
            group={group}
            value={options[group.id] ?? null}
            error={errors[groupField(group.id)]}
            onChange={(value) => onChoose(group, value)}
          />
        ));
        const name = localized(section, 'name', lang);
        return name ? (
          <Fieldset key={section.id} legend={name} variant="filled" p="sm">
            <Stack gap="sm">{groups}</Stack>
          </Fieldset>
        ) : (
          <Stack key={section.id} gap="sm">
            {groups}
          </Stack>
        );
      })}
    </>
  );
}

interface GroupSelectProps {
  group: ModelGroup;
  value: number | null;
  error?: ShownMessage;
  onChange: (value: string | null) => void;
}

/** One option group: a Select labelled with the group's name; options grouped by their section. */
function GroupSelect({ group, value, error, onChange }: GroupSelectProps) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const options = activeOptions(group);
  const byId = new Map(options.map((o) => [String(o.id), o]));
  const label = (o: (typeof options)[number]) => {
    const name = localized(o, 'nombre', lang);
    return o.precio_neto > 0 ? `${name} (+${formatMoney(o.precio_neto)})` : name;
  };
  const sectioned = options.some((o) => o.section);
  const data: SelectProps['data'] = sectioned
    ? [...new Map(options.map((o) => [o.section?.id ?? 0, o.section])).entries()].map(([id, section]) => ({
        group: section ? localized(section, 'name', lang) : t('otherOptions'),
        items: options
          .filter((o) => (o.section?.id ?? 0) === id)
          .map((o) => ({ value: String(o.id), label: label(o) })),
      }))
    : options.map((o) => ({ value: String(o.id), label: label(o) }));
  const chosen = value == null ? undefined : byId.get(String(value));

  const renderOption: SelectProps['renderOption'] = ({ option, checked }) => {
    const o = byId.get(option.value);
    return (
      <Group gap="xs" wrap="nowrap">
        <ColorDot color={o?.color} />
        <Text size="sm" fw={checked ? 700 : 400}>
          {option.label}
        </Text>
      </Group>
    );
  };

  return (
    <Select
      label={localized(group, 'nombre', lang)}
      placeholder={t('choose')}
      data={data}
      value={chosen ? String(chosen.id) : null}
      onChange={onChange}
      renderOption={renderOption}
      leftSection={chosen?.color ? <ColorDot color={chosen.color} /> : undefined}
      error={messageText(error) || undefined}
      allowDeselect={false}
      searchable={options.length > 10}
      openOnFocus={false}
      nothingFoundMessage={t('nothingFound')}
      maxDropdownHeight={300}
      withAsterisk
      comboboxProps={{ withinPortal: true }}
    />
  );
}
