import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Box, Center, Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { localized, type ModelOption } from '@nido/contract';
import { IconPhotoOff, IconZoomIn } from '@tabler/icons-react';
import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/useLang.ts';
import { ColorDot } from '../../catalogue/index.ts';
import type { SlideImage } from './configurator.ts';

/**
 * Tells an enclosing modal that the enlarged image (a modal over it) is open, so Escape closes only
 * the image: Mantine modals each listen to Escape on the window.
 */
export const NestedModalContext = createContext<(open: boolean) => void>(() => {});

interface ImageSliderProps {
  /** The images to show, in order (configurator.ts `sliderImages`). */
  images: SlideImage[];
  /** The chosen colour that has no image (the placeholder names it), if any. */
  uncovered?: ModelOption | null;
  /** Accessible name of the product (alt text); an image of a colour adds the colour's name. */
  alt: string;
  height?: number;
}

/**
 * Line-add form image slider (product.md §4): shows what `sliderImages` chose for the chosen colour;
 * a click enlarges the image in a modal.
 */
export function ImageSlider({ images: shown, uncovered = null, alt, height = 220 }: ImageSliderProps) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const [enlarged, setEnlarged] = useState<SlideImage | null>(null);
  const notifyNested = useContext(NestedModalContext);
  const open = enlarged != null;
  useEffect(() => notifyNested(open), [notifyNested, open]);
  // Remount the carousel when the set changes, so it starts at the first image of the new colour.
  const key = shown.map((i) => i.key).join('-');
  const altOf = (img: SlideImage) => (img.colour ? `${alt} · ${localized(img.colour, 'nombre', lang)}` : alt);

  if (!shown.length) {
    return (
      <Center h={height} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Stack align="center" gap={4} c="dimmed">
          {uncovered?.color ? (
            <ColorDot color={uncovered.color} size={36} />
          ) : (
            <IconPhotoOff size={36} aria-hidden />
          )}
          <Text size="sm" ta="center" px="sm">
            {uncovered ? t('noImageOfColour', { name: localized(uncovered, 'nombre', lang) }) : t('noImage')}
          </Text>
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
          <Carousel.Slide key={img.key}>
            <UnstyledButton
              onClick={() => setEnlarged(img)}
              aria-label={t('enlargeImage', { n: index + 1, name: altOf(img) })}
              w="100%"
              h="100%"
              pos="relative"
            >
              <Image
                src={img.url}
                alt={altOf(img)}
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
        title={enlarged ? altOf(enlarged) : alt}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {enlarged && <Image src={enlarged.url} alt={altOf(enlarged)} fit="contain" mah="75vh" />}
      </Modal>
    </Box>
  );
}
