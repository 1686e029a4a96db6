import { Button, Group, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NestedModalContext } from './ImageSlider.tsx';
import { LineAddForm } from './LineAddForm.tsx';
import type { ConfigPreset, LineCollect, LineStep, ReplacedLine } from './lineEditor.ts';

/**
 * What the modal configures: a model, optionally with an earlier line's choices (Buy again), or a
 * cart line to save in place (Edit).
 */
export interface AddToCartTarget {
  modelo: string;
  preset?: ConfigPreset | null;
  replacing?: ReplacedLine | null;
  /** The collection the shop is ordering from, or the replaced line's (record 054). */
  coleccion?: number | null;
  /** Quick order, reorder: the line is handed back, row after row. */
  collect?: LineCollect | null;
}

interface AddToCartModalProps {
  target: AddToCartTarget | null;
  onClose: () => void;
}

/** product.md §4: the line-add form in a modal titled 'Add to cart' (or 'Edit line'), with a Cancel button. */
export function AddToCartModal({ target, onClose }: AddToCartModalProps) {
  const { t } = useTranslation('catalog');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [modelo, setModelo] = useState<string | null>(target?.modelo ?? null);
  const [imageOpen, setImageOpen] = useState(false);
  useEffect(() => setModelo(target?.modelo ?? null), [target]);

  return (
    <Modal
      opened={target != null}
      onClose={onClose}
      title={t(target?.collect ? 'configureRow' : target?.replacing ? 'editLine' : 'addToCart')}
      size="xl"
      fullScreen={narrow}
      centered
      closeOnEscape={!imageOpen}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {target?.collect?.step && <StepBar step={target.collect.step} />}
      {target && (
        <NestedModalContext.Provider value={setImageOpen}>
          <LineAddForm
            // Each row starts afresh, also when two rows in a row are of one model.
            key={target.collect?.step?.index ?? 0}
            modelo={modelo}
            onModelChange={setModelo}
            preset={target.preset ? { ...target.preset, modelo: target.modelo } : null}
            replacing={target.replacing}
            coleccion={target.coleccion}
            collect={target.collect?.onLine}
            variant="modal"
            onCancel={onClose}
            // product.md §5.5: after the add the selected model is cleared; here that closes the modal.
            onAdded={onClose}
          />
        </NestedModalContext.Provider>
      )}
    </Modal>
  );
}

/** The row being configured among the rows to configure: "2 of 5", previous and next. */
function StepBar({ step }: { step: LineStep }) {
  const { t } = useTranslation('catalog');
  return (
    <Group justify="space-between" mb="md" wrap="nowrap" data-testid="row-step">
      <Button
        variant="default"
        size="compact-sm"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        onClick={step.onPrevious}
        disabled={step.index === 0}
      >
        {t('previousRow')}
      </Button>
      <Text size="sm" fw={600} aria-live="polite">
        {t('rowOf', { index: step.index + 1, count: step.count })}
      </Text>
      <Button
        variant="default"
        size="compact-sm"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        onClick={step.onNext}
        disabled={step.index >= step.count - 1}
      >
        {t('nextRow')}
      </Button>
    </Group>
  );
}
