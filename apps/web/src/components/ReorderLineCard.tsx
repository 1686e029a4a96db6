import { Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { embroideryText, localized, ORDER_MSG, optionsText, type ReorderLine } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/format.ts';
import { messageText } from '../lib/messages.ts';
import { useLang } from '../lib/useLang.ts';
import { LineDetails } from './LineDetails.tsx';
import { SubstituteSelect } from './SubstituteSelect.tsx';
import { ToneBadge } from './ToneBadge.tsx';

const TONE = { ok: 'green', changed: 'yellow', unavailable: 'red' } as const;
const PRICE_CHANGED = ORDER_MSG.priceChanged({ old: '', new: '' }).code;

/**
 * A past line checked against today's catalogue (Order again, Buy again): its state, what changed
 * (withdrawn options with their substitutes to choose, the price old → new) and, when `onInclude` is
 * given, whether it is added.
 */
export function ReorderLineCard({
  line,
  chosen,
  onChoose,
  included,
  onInclude,
}: {
  line: ReorderLine;
  /** Group id → the substitute chosen. */
  chosen: Record<number, number>;
  onChoose: (groupId: number, optionId: number) => void;
  included?: boolean;
  onInclude?: (included: boolean) => void;
}) {
  const { t } = useTranslation('quickOrder');
  const lang = useLang();
  const description = localized(line.model, 'descripcion', lang);
  // The prices are shown apart as on the order (the unit, then the embroidery surcharge), old → new.
  const priced = line.precio != null;
  const surcharge = Math.max(line.recargo ?? 0, line.recargo_anterior);
  const addable = line.status !== 'unavailable' && line.line != null;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="reorder-line"
      data-status={line.status}
      data-modelo={line.model.modelo}
      component="li"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            {onInclude && (
              <Checkbox
                mt={2}
                checked={addable && included === true}
                disabled={!addable}
                onChange={(e) => onInclude(e.currentTarget.checked)}
                aria-label={t('card.reorderInclude', { modelo: line.model.modelo })}
              />
            )}
            <div style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text size="sm" fw={700} ff="monospace">
                  {line.model.modelo}
                </Text>
                <Text size="sm" c="dimmed">
                  × {line.cantidad}
                </Text>
              </Group>
              <LineDetails
                description={description}
                options={optionsText(line.opciones, lang)}
                embroidery={embroideryText(line.bordado, lang)}
                embroideryLabel={t('card.embroidery')}
                testId="reorder-line"
              />
            </div>
          </Group>
          <ToneBadge color={TONE[line.status]}>{t(`card.reorderStatus.${line.status}`)}</ToneBadge>
        </Group>
        {/* A new price is shown once, old → new, on the price lines below. */}
        {line.issues
          .filter((issue) => !(priced && issue.code === PRICE_CHANGED))
          .map((issue) => (
            <Text
              key={`${issue.code}${JSON.stringify(issue.params ?? {})}`}
              size="sm"
              c={line.status === 'unavailable' ? 'red.8' : 'yellow.9'}
            >
              {messageText(issue)}
            </Text>
          ))}
        {line.precio != null && (
          <PriceLine
            label={t('card.unitPrice')}
            old={line.precio_anterior}
            now={line.precio}
            testId="reorder-price"
          />
        )}
        {line.recargo != null && surcharge > 0 && (
          <PriceLine
            label={t('card.surcharge')}
            old={line.recargo_anterior}
            now={line.recargo}
            testId="reorder-surcharge"
          />
        )}
        {addable &&
          line.substitutes.map((group) =>
            group.options.length > 0 ? (
              <SubstituteSelect
                key={group.parametros_grupos_id}
                group={group}
                value={chosen[group.parametros_grupos_id] ?? group.options[0].id}
                onChange={(id) => onChoose(group.parametros_grupos_id, id)}
              />
            ) : null,
          )}
      </Stack>
    </Paper>
  );
}

/** "Unit price: 10,00 €", or with the old one struck through when it changed: "10,00 € → 12,00 €". */
function PriceLine({ label, old, now, testId }: { label: string; old: number; now: number; testId: string }) {
  return (
    <Text size="sm" data-testid={testId}>
      {label}:{' '}
      {old !== now ? (
        <>
          <Text span td="line-through" c="dimmed" size="sm">
            {formatMoney(old)}
          </Text>{' '}
          →{' '}
          <Text span fw={700} size="sm">
            {formatMoney(now)}
          </Text>
        </>
      ) : (
        formatMoney(now)
      )}
    </Text>
  );
}
