import { Fieldset, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { EMBROIDERY_STYLES, localized, type ModelDetail, nameLength, positionNames } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { messageText, type ShownMessage } from '../../../lib/messages.ts';
import { useLang } from '../../../lib/useLang.ts';
import { ColorDot } from '../../catalogue/index.ts';
import {
  type ConfigErrors,
  type ConfigState,
  EMB_FIELD,
  type embroideryChoice,
  nameMax,
  positionsOf,
} from './configurator.ts';

/**
 * The embroidery of the chosen option that asks for it: the name (with its counter against the
 * option's letters), the style, the thread colour and the position, each as the option needs.
 */
export function EmbroideryFields({
  model,
  option,
  values,
  errors,
  nameError,
  onChange,
}: {
  model: ModelDetail;
  option: NonNullable<ReturnType<typeof embroideryChoice>>['option'];
  values: ConfigState['embroidery'];
  errors: ConfigErrors;
  /** The name's message: an Add's, else what the rules refuse while typing. */
  nameError: string | undefined;
  onChange: (patch: Partial<ConfigState['embroidery']>, field: string) => void;
}) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const nameLimit = nameMax(option);
  return (
    <Fieldset
      legend={`${t('embroidery')}: ${localized(option, 'nombre', lang)}`}
      p="sm"
      data-testid="embroidery"
    >
      <Stack gap="sm">
        {option.letters > 0 && (
          // Never cut what was typed or pasted: the counter and the error say what is over.
          <TextInput
            label={t('embroideryName')}
            description={`${t('lettersMax', { count: nameLimit })} · ${nameLength(values.name)}/${nameLimit}`}
            value={values.name}
            onChange={(e) => onChange({ name: e.currentTarget.value }, EMB_FIELD.name)}
            error={nameError}
            withAsterisk
            autoComplete="off"
          />
        )}
        {option.letters > 0 && (
          <Radio.Group
            label={t('embroideryStyle')}
            value={values.emb_style}
            onChange={(value) => onChange({ emb_style: value }, EMB_FIELD.style)}
            error={messageText(errors[EMB_FIELD.style]) || undefined}
          >
            <Group gap="lg" mt={4}>
              {EMBROIDERY_STYLES.map((style) => (
                <Radio key={style} value={style} label={style} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {option.embroidery_color && (
          <EmbroideryColourSelect
            model={model}
            value={values.emb_color}
            error={errors[EMB_FIELD.colour]}
            onChange={(id) => onChange({ emb_color: id }, EMB_FIELD.colour)}
          />
        )}
        {positionsOf(option).length > 0 && (
          <Select
            label={t('embroideryPosition')}
            placeholder={t('choose')}
            // The value stays the Spanish position (what the server checks); the label is localised.
            data={positionNames(option).map((p) => ({
              value: p.position,
              label: localized(p, 'position', lang),
            }))}
            value={values.position}
            onChange={(value) => onChange({ position: value }, EMB_FIELD.position)}
            error={messageText(errors[EMB_FIELD.position]) || undefined}
            allowDeselect={false}
            withAsterisk
          />
        )}
      </Stack>
    </Fieldset>
  );
}

function EmbroideryColourSelect({
  model,
  value,
  error,
  onChange,
}: {
  model: ModelDetail;
  value: number | null;
  error?: ShownMessage;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const byId = new Map(model.embroidery_colours.map((c) => [String(c.id), c]));
  const chosen = value == null ? undefined : byId.get(String(value));
  return (
    <Select
      label={t('embroideryColour')}
      placeholder={t('choose')}
      data={model.embroidery_colours.map((c) => ({
        value: String(c.id),
        label: localized(c, 'nombre', lang),
      }))}
      value={chosen ? String(chosen.id) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorDot color={byId.get(option.value)?.color} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      leftSection={chosen?.color ? <ColorDot color={chosen.color} /> : undefined}
      error={messageText(error) || undefined}
      allowDeselect={false}
      withAsterisk
      comboboxProps={{ withinPortal: true }}
    />
  );
}
