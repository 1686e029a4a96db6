import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReorderLine } from '@nido/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReorderLineCard } from '../../../components/ReorderLineCard.tsx';
import { type CollectedLine, lineWithSubstitutes } from '../quick-order/api.ts';

/**
 * Buy again on a line whose model or options changed since (the re-check of pedidos/reorder/check):
 * says what changed, offers the substitutes of a withdrawn option, and goes on to the configurator
 * with them; a line that cannot be bought again says why.
 */
export default function BuyAgainCheck({
  line,
  onContinue,
  onClose,
}: {
  line: ReorderLine | null;
  onContinue: (line: CollectedLine) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('quickOrder');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const next = line ? lineWithSubstitutes(line, chosen) : null;
  const available = line != null && line.status !== 'unavailable' && next != null;
  return (
    <Modal
      opened={line != null}
      onClose={onClose}
      title={t('buyAgain.title')}
      size="lg"
      fullScreen={narrow}
      centered
      closeButtonProps={{ 'aria-label': t('buyAgain.close') }}
    >
      {line && (
        <Stack gap="md">
          <Text size="sm">{available ? t('buyAgain.changed') : t('buyAgain.unavailable')}</Text>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            <ReorderLineCard
              line={line}
              chosen={chosen}
              onChoose={(group, option) => setChosen((c) => ({ ...c, [group]: option }))}
            />
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('buyAgain.cancel')}
            </Button>
            {available && next && (
              <Button
                rightSection={<IconArrowRight size={18} aria-hidden />}
                onClick={() => onContinue(next)}
              >
                {t('buyAgain.continue')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
