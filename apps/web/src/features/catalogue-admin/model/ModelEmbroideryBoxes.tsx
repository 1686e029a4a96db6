import { Button, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { DEFAULT_EMBROIDERY_BOX, type EmbroideryBox } from '@nido/contract';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmbroideryDrawing } from '../../../components/EmbroideryDrawing.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.tsx';
import { QuerySection } from '../../../components/SectionCard.tsx';
import { apiErrorText } from '../../../lib/messages.ts';
import { type EmbroideryBoxesT, useEmbroideryBoxes, useSaveEmbroideryBoxes } from '../api.ts';
import { useLocalized } from '../useLocalized.ts';

type Boxes = Record<string, EmbroideryBox | null>;

/** A box drawn smaller than this (a fraction of the image) is a click, not a drag. */
const SMALLEST = 0.02;

/**
 * The model editor's embroidery positions (issue 31): the main image with a box per position of
 * the model's embroidery options. The Admin picks a position and drags a rectangle on the image (or
 * types it, in % of the image); a sample name shows how a name fits. Hidden for a model without
 * embroidery positions.
 */
export function ModelEmbroideryBoxes({ modelo }: { modelo: string }) {
  const { t } = useTranslation('catalogAdmin');
  const query = useEmbroideryBoxes(modelo);
  if (query.data && query.data.posiciones.length === 0) return null;
  return (
    <QuerySection
      query={query}
      title={t('embroideryBoxes.title')}
      titleId="embroidery-boxes"
      errorMessage={t('embroideryBoxes.loadError')}
    >
      {(data) => <BoxesEditor data={data} />}
    </QuerySection>
  );
}

function BoxesEditor({ data }: { data: EmbroideryBoxesT }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const initial = () => Object.fromEntries(data.posiciones.map((p) => [p.posicion, p.box])) as Boxes;
  const [boxes, setBoxes] = useState<Boxes>(initial);
  const [selected, setSelected] = useState(data.posiciones[0].posicion);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const area = useRef<HTMLDivElement>(null);
  // A save stores the answer: start again from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored boxes change
  useEffect(() => setBoxes(initial()), [data]);
  const save = useSaveEmbroideryBoxes(data.modelo, {
    onSuccess: () => notifySuccess(t('embroideryBoxes.saved')),
    onError: (error) => notifyError(apiErrorText(error, t('embroideryBoxes.saveError'))),
  });

  const box = boxes[selected] ?? null;
  const position = data.posiciones.find((p) => p.posicion === selected);
  const setBox = (next: EmbroideryBox | null) => setBoxes((b) => ({ ...b, [selected]: next }));

  /** The pointer's place on the image, as fractions of it (clamped to the image). */
  const at = (e: PointerEvent) => {
    const r = area.current?.getBoundingClientRect();
    if (!r) return { x: 0, y: 0 };
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    return { x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) };
  };
  const spanning = (a: { x: number; y: number }, b: { x: number; y: number }): EmbroideryBox => ({
    x: round(Math.min(a.x, b.x)),
    y: round(Math.min(a.y, b.y)),
    w: round(Math.abs(a.x - b.x)),
    h: round(Math.abs(a.y - b.y)),
  });

  const percentInput = (key: keyof EmbroideryBox, label: string) => (
    <NumberInput
      key={key}
      label={label}
      suffix=" %"
      min={0}
      max={100}
      decimalScale={1}
      w={110}
      value={box ? Math.round(box[key] * 1000) / 10 : ''}
      placeholder={String(Math.round(DEFAULT_EMBROIDERY_BOX[key] * 1000) / 10)}
      onChange={(v) => {
        const n = typeof v === 'number' ? v / 100 : Number.NaN;
        if (Number.isNaN(n)) return;
        setBox({ ...(box ?? DEFAULT_EMBROIDERY_BOX), [key]: n });
      }}
    />
  );
  const outside =
    box != null && (box.x + box.w > 1.0001 || box.y + box.h > 1.0001 || box.w <= 0 || box.h <= 0);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('embroideryBoxes.hint')}
      </Text>
      <SegmentedControl
        aria-label={t('embroideryBoxes.position')}
        value={selected}
        onChange={setSelected}
        data={data.posiciones.map((p) => ({
          value: p.posicion,
          label: boxes[p.posicion]
            ? localized(p, 'posicion')
            : t('embroideryBoxes.withoutBox', { position: localized(p, 'posicion') }),
        }))}
      />
      {!box && <Text size="sm">{t('embroideryBoxes.usingDefault')}</Text>}
      <div
        ref={area}
        role="application"
        aria-label={t('embroideryBoxes.area', {
          position: position ? localized(position, 'posicion') : selected,
        })}
        style={{ maxWidth: 480, touchAction: 'none', cursor: 'crosshair', userSelect: 'none' }}
        data-testid="embroidery-box-area"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drag.current = at(e);
        }}
        onPointerMove={(e) => {
          if (drag.current) setBox(spanning(drag.current, at(e)));
        }}
        onPointerUp={(e) => {
          const start = drag.current;
          drag.current = null;
          if (!start) return;
          const next = spanning(start, at(e));
          // A click (no drag) keeps what was there.
          if (next.w < SMALLEST || next.h < SMALLEST) setBox(boxes[selected] ?? null);
          else setBox(next);
        }}
      >
        <EmbroideryDrawing
          image={data.imagen}
          name={t('embroideryBoxes.sample')}
          style="Embird"
          colour="#9c2f5b"
          box={box ?? DEFAULT_EMBROIDERY_BOX}
          label={t('embroideryBoxes.drawing', {
            position: position ? localized(position, 'posicion') : selected,
          })}
        />
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {percentInput('x', t('embroideryBoxes.left'))}
        {percentInput('y', t('embroideryBoxes.top'))}
        {percentInput('w', t('embroideryBoxes.width'))}
        {percentInput('h', t('embroideryBoxes.height'))}
        <Button variant="default" onClick={() => setBox(null)} disabled={!box}>
          {t('embroideryBoxes.clear')}
        </Button>
      </Group>
      {outside && (
        <Text size="sm" c="red.8" role="alert">
          {t('embroideryBoxes.outside')}
        </Text>
      )}
      <Group>
        <Button
          loading={save.isPending}
          disabled={outside}
          onClick={() =>
            save.mutate({
              posiciones: Object.entries(boxes).flatMap(([posicion, b]) => (b ? [{ posicion, box: b }] : [])),
            })
          }
        >
          {t('embroideryBoxes.save')}
        </Button>
      </Group>
    </Stack>
  );
}

const round = (n: number) => Math.round(n * 10000) / 10000;
