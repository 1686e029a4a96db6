import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Box, Center, Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ModelImage } from '@nido/contract';
import { IconPhotoOff, IconZoomIn } from '@tabler/icons-react';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tells an enclosing modal that the enlarged image (a modal over it) is open, so Escape closes only
 * the image: Mantine modals each listen to Escape on the window.
 */
export const NestedModalContext = createContext<(open: boolean) => void>(() => {});

interface ImageSliderProps {
  images: ModelImage[];
  /** Codes of the chosen options: images tied to one of them (color0) are shown first/only. */
  codes: string[];
  /** Accessible name of the product (alt text). */
  alt: string;
  height?: number;
}

/** The images to show: those of the chosen colour when there are any, else all (main image first). */
export function visibleImages(images: ModelImage[], codes: string[]): ModelImage[] {
  const sorted = [...images].sort((a, b) => Number(b.principal) - Number(a.principal) || a.id - b.id);
  const matching = sorted.filter((img) => img.color0 && codes.includes(img.color0));
  return matching.length ? matching : sorted;
}

/**
 * Line-add form image slider (product.md §4): follows the chosen colour; a click enlarges the image in a
 * modal.
 */
export function ImageSlider({ images, codes, alt, height = 220 }: ImageSliderProps) {
  const { t } = useTranslation('catalog');
  const shown = useMemo(() => visibleImages(images, codes), [images, codes]);
  const [enlarged, setEnlarged] = useState<ModelImage | null>(null);
  const notifyNested = useContext(NestedModalContext);
  const open = enlarged != null;
  useEffect(() => notifyNested(open), [notifyNested, open]);
  // Remount the carousel when the set changes, so it starts at the first image of the new colour.
  const key = shown.map((i) => i.id).join('-');

  if (!shown.length) {
    return (
      <Center h={height} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Stack align="center" gap={4} c="dimmed">
          <IconPhotoOff size={36} aria-hidden />
          <Text size="sm">{t('noImage')}</Text>
        </Stack>
      </Center>
    );
  }

  return (
    <Box>
      <Carousel
        key={key}
        height={height}
        withIndicators={shown.length > 1}
        withControls={shown.length > 1}
        emblaOptions={{ loop: shown.length > 1 }}
        previousControlProps={{ 'aria-label': t('previousImage') }}
        nextControlProps={{ 'aria-label': t('nextImage') }}
        aria-label={t('imagesOf', { name: alt })}
      >
        {shown.map((img, index) => (
          <Carousel.Slide key={img.id}>
            <UnstyledButton
              onClick={() => setEnlarged(img)}
              aria-label={t('enlargeImage', { n: index + 1, name: alt })}
              w="100%"
              h="100%"
              pos="relative"
            >
              <Image
                src={img.url_img}
                alt={alt}
                h={height}
                fit="contain"
                bg="gray.0"
                radius="md"
                loading="lazy"
              />
              <IconZoomIn
                size={20}
                aria-hidden
                style={{ position: 'absolute', right: 8, bottom: 8, opacity: 0.7 }}
              />
            </UnstyledButton>
          </Carousel.Slide>
        ))}
      </Carousel>
      <Modal
        opened={enlarged != null}
        onClose={() => setEnlarged(null)}
        title={alt}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {enlarged && <Image src={enlarged.url_img} alt={alt} fit="contain" mah="75vh" />}
      </Modal>
    </Box>
  );
}
