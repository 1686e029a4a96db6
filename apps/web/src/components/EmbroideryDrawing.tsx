import { Box } from '@mantine/core';
import {
  type EmbroideryBox,
  type GlyphFont,
  layoutEmbroidery,
  OUTLINE_WIDTH,
  threadColour,
  threadOutline,
} from '@nido/contract';
import { type ReactNode, useEffect, useMemo, useState } from 'react';

/** Without an image, the name is drawn on a plain card of this size (4:3). */
const PLAIN = { w: 800, h: 600 };

/**
 * A name drawn over a model's image as the server's preview draws it (record 059): the contract's
 * `layoutEmbroidery` over the image's own pixel size, so the box and the letters fall where the
 * workshop's sheet shows them. The fonts load on first use; until then the image shows alone.
 */
export function EmbroideryDrawing({
  image,
  name,
  style,
  colour,
  box,
  label,
  children,
}: {
  image: string | null;
  name: string;
  style: string;
  colour: string | null;
  box: EmbroideryBox;
  /** What the drawing shows, for screen readers. */
  label: string;
  /** Drawn over the image too (the box editor's handles). */
  children?: ReactNode;
}) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(image ? null : PLAIN);
  const [fonts, setFonts] = useState<{ style: string; fonts: GlyphFont[] } | null>(null);
  useEffect(() => setSize(image ? null : PLAIN), [image]);
  useEffect(() => {
    let live = true;
    import('../lib/embroideryFonts.ts')
      .then((m) => m.loadEmbroideryFonts(style))
      .then((loaded) => live && setFonts({ style, fonts: loaded }))
      // A font that cannot load leaves the image without the name: the fields still say it.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [style]);

  const layout = useMemo(() => {
    if (!size || !fonts || fonts.style !== style) return null;
    return layoutEmbroidery(fonts.fonts, name, {
      x: box.x * size.w,
      y: box.y * size.h,
      w: box.w * size.w,
      h: box.h * size.h,
    });
  }, [size, fonts, style, name, box]);
  const fill = threadColour(colour);

  return (
    <Box pos="relative" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      {image ? (
        <img
          src={image}
          alt=""
          style={{ display: 'block', width: '100%', height: 'auto' }}
          onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
        />
      ) : (
        <Box bg="gray.1" style={{ aspectRatio: `${PLAIN.w} / ${PLAIN.h}` }} />
      )}
      {size && (
        <svg
          viewBox={`0 0 ${size.w} ${size.h}`}
          role="img"
          aria-label={label}
          data-testid="embroidery-drawing"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        >
          <rect
            x={box.x * size.w}
            y={box.y * size.h}
            width={box.w * size.w}
            height={box.h * size.h}
            fill="none"
            stroke="rgba(0,0,0,0.35)"
            strokeDasharray="6 4"
            strokeWidth={Math.max(1, size.w / 400)}
            data-testid="embroidery-box"
          />
          {layout && (
            <path
              d={layout.d}
              transform={layout.transform}
              fill={fill}
              stroke={threadOutline(fill)}
              strokeWidth={OUTLINE_WIDTH}
              paintOrder="stroke"
              data-testid="embroidery-name"
            />
          )}
          {children}
        </svg>
      )}
    </Box>
  );
}
