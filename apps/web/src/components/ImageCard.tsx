import { Card, type CardProps, Center, Image, type ImageProps, type MantineColor } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ImageCardProps extends Omit<CardProps, 'children'> {
  src: string | null | undefined;
  /** The picture's text alternative ('' when the card's text says it all). */
  alt: string;
  imageHeight: number;
  fit?: ImageProps['fit'];
  imageBg?: MantineColor;
  /** The placeholder's height when there is no picture (default: imageHeight). */
  placeholderHeight?: number;
  /** Names the "no picture" icon for screen readers; without it the icon is decorative. */
  noImageLabel?: string;
  /** Load the picture only when it is scrolled near. */
  lazy?: boolean;
  /** What the card says under its picture. */
  children?: ReactNode;
  component?: 'article' | 'div';
}

/** A bordered card with a picture on top (or a "no picture" placeholder) and its text below. */
export function ImageCard({
  src,
  alt,
  imageHeight,
  fit = 'contain',
  imageBg,
  placeholderHeight = imageHeight,
  noImageLabel,
  lazy,
  children,
  ...card
}: ImageCardProps) {
  return (
    <Card withBorder {...card}>
      <Card.Section>
        {src ? (
          <Image
            src={src}
            alt={alt}
            h={imageHeight}
            fit={fit}
            bg={imageBg}
            loading={lazy ? 'lazy' : undefined}
          />
        ) : (
          <Center h={placeholderHeight} bg="gray.1" c="dimmed">
            <IconPhotoOff size={32} aria-label={noImageLabel} aria-hidden={noImageLabel ? undefined : true} />
          </Center>
        )}
      </Card.Section>
      {children}
    </Card>
  );
}
