import { Stack, Text } from '@mantine/core';
import { DEFAULT_EMBROIDERY_BOX, localized, type ModelDetail, positionNames } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { EmbroideryDrawing } from '../../../components/EmbroideryDrawing.tsx';
import { useLang } from '../../../lib/useLang.ts';
import type { ConfigState, embroideryChoice } from './configurator.ts';

/**
 * The configurator's embroidery preview (issue 31): the name as typed, in the chosen thread's colour
 * and style, inside the chosen position's box on the image of the chosen colour. Until a position
 * is chosen it shows the option's first.
 */
export function EmbroideryPreview({
  model,
  option,
  values,
  image,
}: {
  model: ModelDetail;
  option: NonNullable<ReturnType<typeof embroideryChoice>>['option'];
  values: ConfigState['embroidery'];
  image: string | null;
}) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const positions = positionNames(option);
  const position = positions.find((p) => p.position === values.position) ?? positions[0] ?? null;
  const box =
    model.embroidery_boxes.find((b) => b.posicion === position?.position)?.box ?? DEFAULT_EMBROIDERY_BOX;
  const thread = model.embroidery_colours.find((c) => c.id === values.emb_color) ?? null;
  const name = values.name.trim();
  const label = name
    ? t('embroideryPreviewOf', {
        name,
        colour: thread ? localized(thread, 'nombre', lang) : t('embroideryPreviewNoColour'),
        position: position ? localized(position, 'position', lang) : '',
      })
    : t('embroideryPreviewEmpty');
  return (
    <Stack gap={4} data-testid="embroidery-preview">
      <Text size="sm" fw={600} id="embroidery-preview-title">
        {t('embroideryPreview')}
      </Text>
      <EmbroideryDrawing
        image={image}
        name={name}
        style={values.emb_style || 'Embird'}
        colour={thread?.color ?? null}
        box={box}
        label={label}
      />
      <Text size="xs" c="dimmed" aria-hidden>
        {label}
      </Text>
    </Stack>
  );
}
