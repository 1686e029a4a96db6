import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigPreset, ReplacedLine } from '../../lib/lineEditor.ts';
import { NestedModalContext } from './ImageSlider.tsx';
import { LineAddForm } from './LineAddForm.tsx';

/**
 * What the modal configures: a model, optionally with an earlier line's choices (Buy again), or a
 * cart line to save in place (Edit).
 */
export interface AddToCartTarget {
  modelo: string;
  preset?: ConfigPreset | null;
  replacing?: ReplacedLine | null;
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
      title={t(target?.replacing ? 'editLine' : 'addToCart')}
      size="xl"
      fullScreen={narrow}
      centered
      closeOnEscape={!imageOpen}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {target && (
        <NestedModalContext.Provider value={setImageOpen}>
          <LineAddForm
            modelo={modelo}
            onModelChange={setModelo}
            preset={target.preset ? { ...target.preset, modelo: target.modelo } : null}
            replacing={target.replacing}
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
