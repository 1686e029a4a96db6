import { Avatar, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { CATALOG_ADMIN_MSG } from '@nido/contract';
import { IconPhoto, IconPhotoUp } from '@tabler/icons-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/IconAction.tsx';
import { apiErrorText, messageText, type ShownMessage } from '../../../lib/messages.ts';
import { type ParametroRowT, uploadParameterImage } from '../api.ts';

/**
 * An option row's picture: its thumbnail and the button that uploads a new one (with its
 * progress), once the row is saved (`rowId` 0: not yet, and the cell says so).
 */
export function ParamImageCell({
  rowId,
  image,
  n,
  cell,
  onSaved,
}: {
  rowId: number;
  image: string | null;
  /** The row's number (1-based), for the picture's alternative text. */
  n: number;
  /** A control's spoken name in this row. */
  cell: (column: string) => string;
  onSaved: (row: ParametroRowT) => void;
}) {
  const { t } = useTranslation('catalogAdmin');
  const [imagen, setImagen] = useState<string | null>(image);
  const [progress, setProgress] = useState<number | null>(null);
  /** Raw, shown translated (a language switch re-translates it). */
  const [imageError, setImageError] = useState<ShownMessage | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => setImagen(image), [image]);
  // Saved at last: "save the row first" no longer holds.
  useEffect(() => {
    if (rowId !== 0) setImageError(null);
  }, [rowId]);

  function chooseImage() {
    if (rowId === 0) {
      setImageError(CATALOG_ADMIN_MSG.saveBeforeUpload);
      return;
    }
    setImageError(null);
    fileRef.current?.click();
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setImageError(null);
    setProgress(0);
    try {
      const result = await uploadParameterImage({ id: rowId }, file, setProgress);
      setImagen(result.imagen);
      onSaved(result);
    } catch (error) {
      setImageError(apiErrorText(error, t('images.uploadError')));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Table.Td>
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap">
          <Avatar src={imagen} alt={imagen ? t('params.imageOf', { row: n }) : ''} size={30} radius="sm">
            <IconPhoto size={14} />
          </Avatar>
          <IconAction
            tooltip={t('params.uploadImage')}
            label={cell(t('params.uploadImage'))}
            variant="light"
            size="md"
            onClick={chooseImage}
            loading={progress !== null}
          >
            <IconPhotoUp size={16} />
          </IconAction>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            hidden
            aria-label={cell(t('params.imageFile'))}
            onChange={(e) => void upload(e)}
          />
        </Group>
        {progress !== null && (
          <Progress size="sm" value={progress} aria-label={t('images.uploading', { percent: progress })} />
        )}
        {imageError && (
          <Text size="xs" c="red" role="alert">
            {messageText(imageError)}
          </Text>
        )}
      </Stack>
    </Table.Td>
  );
}
