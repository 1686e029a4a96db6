import type { ImageProps } from '@mantine/core';
import { Badge, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { ImageCard } from '../../../components/ImageCard.tsx';
import { QuietText } from '../../../components/QuietText.tsx';

interface ImageTileProps {
  src: string;
  /** 0-based position in the list (the texts count from 1). */
  index: number;
  main: boolean;
  onSetMain: () => void;
  settingMain: boolean;
  /** Runs once the user has confirmed the deletion (the tile asks). */
  onDelete: () => void;
  deleting: boolean;
  fit: ImageProps['fit'];
  imageBg?: 'gray.1';
  /** Controls above the main/delete row (e.g. the image's colour). */
  children?: ReactNode;
}

/** An uploaded image of a collection or a model: the main flag (or "make main") and delete. */
function ImageTile({
  src,
  index,
  main,
  onSetMain,
  settingMain,
  onDelete,
  deleting,
  fit,
  imageBg,
  children,
}: ImageTileProps) {
  const { t } = useTranslation('catalogAdmin');
  const n = index + 1;
  return (
    <ImageCard
      src={src}
      alt={t('images.alt', { index: n })}
      imageHeight={140}
      fit={fit}
      imageBg={imageBg}
      padding="xs"
    >
      <Stack gap={6} mt="xs">
        {children}
        <Group justify="space-between" wrap="nowrap">
          {main ? (
            <Badge color="sage.8" leftSection={<IconStarFilled size={12} />}>
              {t('images.main')}
            </Badge>
          ) : (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconStar size={12} />}
              onClick={onSetMain}
              loading={settingMain}
              aria-label={t('images.setMainFor', { index: n })}
            >
              {t('images.setMain')}
            </Button>
          )}
          <DeleteAction
            tooltip={t('images.delete')}
            label={t('images.deleteFor', { index: n })}
            loading={deleting}
            confirm={{ title: t('images.deleteTitle'), message: t('images.deleteConfirm') }}
            onClick={onDelete}
          />
        </Group>
      </Stack>
    </ImageCard>
  );
}

/** The part of a mutation keyed by an image id that the tiles read. */
interface ImageMutation {
  mutate: (id: number) => void;
  isPending: boolean;
  variables: number | undefined;
}

/** What the tiles change of an image: which one is the main image, and deleting one. */
export interface ImageChanges {
  setMain: ImageMutation;
  remove: ImageMutation;
}

interface UploadedImage {
  id: number;
  url_img: string;
  thumb_url?: string | null;
}

/** Every uploaded image as a tile (thumbnail, main flag, delete), or "no images" when there is none. */
export function ImageGrid<T extends UploadedImage>({
  images,
  isMain,
  changes: { setMain, remove },
  fit,
  imageBg,
  controls,
}: {
  images: T[];
  isMain: (image: T) => boolean;
  changes: ImageChanges;
  fit: ImageProps['fit'];
  imageBg?: 'gray.1';
  /** Controls of one image above its main/delete row. */
  controls?: (image: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation('catalogAdmin');
  if (images.length === 0) return <QuietText>{t('images.none')}</QuietText>;
  const busy = (m: ImageMutation, id: number) => m.isPending && m.variables === id;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
      {images.map((image, index) => (
        <ImageTile
          key={image.id}
          src={image.thumb_url ?? image.url_img}
          index={index}
          main={isMain(image)}
          onSetMain={() => setMain.mutate(image.id)}
          settingMain={busy(setMain, image.id)}
          onDelete={() => remove.mutate(image.id)}
          deleting={busy(remove, image.id)}
          fit={fit}
          imageBg={imageBg}
        >
          {controls?.(image, index)}
        </ImageTile>
      ))}
    </SimpleGrid>
  );
}
