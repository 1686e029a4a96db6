import { Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/notify.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { apiErrorText } from '../../../lib/messages.ts';
import { type AdminModelDetailT, useModelImageChanges, useParamGroupDetails } from '../api.ts';
import { ImageDropzone } from '../components/ImageDropzone.tsx';
import { ImageGrid } from '../components/ImageTile.tsx';
import { SearchSelect } from '../components/SearchSelect.tsx';
import { useLocalized } from '../useLocalized.ts';

/** The colour codes an image can be tied to: the options of the model's groups. */
function useColourOptions(model: AdminModelDetailT) {
  const localized = useLocalized();
  const results = useParamGroupDetails(model.grupos.map((g) => g.parametros_grupos_id));
  const seen = new Set<string>();
  const groups: Array<{ group: string; items: Array<{ value: string; label: string }> }> = [];
  for (const r of results) {
    if (!r.data) continue;
    const items = r.data.parametros
      .filter((p) => p.codigo && !seen.has(p.codigo))
      .map((p) => {
        seen.add(p.codigo);
        return { value: p.codigo, label: `${p.codigo} · ${localized(p, 'nombre')}` };
      });
    if (items.length) groups.push({ group: localized(r.data, 'nombre'), items });
  }
  return { groups, known: seen };
}

/** Model images: drag-and-drop upload with progress, colour code, main flag, delete (confirmed). */
export function ModelImages({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const { groups, known } = useColourOptions(model);
  const [uploadColour, setUploadColour] = useState<string | null>(null);
  const images = model.imagenes;
  const changes = useModelImageChanges(model.modelo, (error) =>
    notifyError(apiErrorText(error, t('images.actionError'))),
  );
  const { setColour: colour, upload } = changes;

  const colourData = (current: string | null) =>
    current && !known.has(current) ? [{ group: t('images.otherCode'), items: [current] }, ...groups] : groups;

  return (
    <SectionCard title={t('images.title')}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <SearchSelect
          label={t('images.uploadColour')}
          placeholder={t('images.anyColour')}
          data={groups}
          value={uploadColour}
          onChange={setUploadColour}
          clearLabel={t('images.clearColour')}
          w={{ base: '100%', sm: 260 }}
        />
        <div style={{ flex: 1, minWidth: 260 }}>
          <ImageDropzone
            label={t('images.upload')}
            onUpload={(file, onProgress) => upload(uploadColour, file, onProgress)}
          />
        </div>
      </Group>
      <ImageGrid
        images={images}
        isMain={(image) => image.principal}
        changes={changes}
        fit="contain"
        imageBg="gray.1"
        controls={(image, index) => (
          <SearchSelect
            size="xs"
            label={t('images.colourFor', { index: index + 1 })}
            placeholder={t('images.anyColour')}
            data={colourData(image.color0)}
            value={image.color0}
            onChange={(codigo) => colour.mutate({ id: image.id, codigo })}
            clearLabel={t('images.clearColourFor', { index: index + 1 })}
            disabled={colour.isPending && colour.variables?.id === image.id}
          />
        )}
      />
    </SectionCard>
  );
}
