/**
 * The configuration part of the line-add form (product.md §4, §4, §5) for a loaded model: image slider,
 * description, option groups by section, embroidery, quantity with the live price, note, Add (and
 * Cancel in the modal). A lazy chunk of LineAddForm: it loads with the first model chosen.
 */
import {
  Badge,
  Box,
  Button,
  Grid,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  firstValidQuantity,
  LINE_ADDED_TOAST_MS,
  localized,
  type ModelDetail,
  type ModelGroup,
  NOTE_MAX,
  type Order,
  QUANTITY_MAX,
  type QuantityRule,
} from '@nido/contract';
import { IconCheck, IconDeviceFloppy, IconShoppingCartPlus } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, WarningAlert } from '../../../components/Alerts.tsx';
import { notifyProgress } from '../../../components/notify.tsx';
import { differs } from '../../../components/Prices.tsx';
import { QuietText } from '../../../components/QuietText.tsx';
import { apiFieldErrors } from '../../../lib/fieldErrors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { apiErrorText, messageText } from '../../../lib/messages.ts';
import { useActiveClienteId } from '../../../lib/session.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useAddGrid, useAddLine, useReplaceLine } from '../cart/api.ts';
import { ColourGrid } from './ColourGrid.tsx';
import classes from './Configurator.module.css';
import {
  arrangeSections,
  type ConfigErrors,
  type ConfigState,
  EMB_FIELD,
  embroideryChoice,
  emptyEmbroidery,
  groupField,
  namesOf,
  positionsOf,
  presetState,
  quantityValid,
  sliderImages,
  toPayload,
  totalPrice,
  typingErrors,
  unitPrice,
  validate,
} from './configurator.ts';
import { EmbroideryFields } from './EmbroideryFields.tsx';
import { EmbroideryPreview } from './EmbroideryPreview.tsx';
import { ImageSlider } from './ImageSlider.tsx';
import type { ConfigPreset, LineCollect, ReplacedLine } from './lineEditor.ts';
import { OptionGroups } from './OptionGroups.tsx';
import { useColourGrid } from './useColourGrid.ts';

const CONTAINER_BREAKPOINTS = { xs: '400px', sm: '600px', md: '800px', lg: '1000px', xl: '1200px' };

export interface ConfiguratorProps {
  model: ModelDetail;
  preset: ConfigPreset | null;
  variant: 'page' | 'modal';
  /** Edit in the cart: saving replaces this line (in its place) instead of adding one. */
  replacing?: ReplacedLine | null;
  /** The collection the shop is ordering from (record 054): the line is ordered through it. */
  coleccion?: number | null;
  /** Quick order, reorder: the configured line is handed here instead of being sent. */
  collect?: LineCollect['onLine'] | null;
  onAdded?: (cart: Order) => void;
  onCancel?: () => void;
}

export default function Configurator({
  model,
  preset,
  replacing,
  coleccion,
  collect,
  variant,
  onAdded,
  onCancel,
}: ConfiguratorProps) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation('common');
  const lang = useLang();
  const clienteId = useActiveClienteId();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<ConfigState>(() => presetState(model, preset));
  const [errors, setErrors] = useState<ConfigErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusErrors, setFocusErrors] = useState(0);

  const sections = useMemo(() => arrangeSections(model), [model]);
  // The colour grid (issue 30): a new line of a model with a grid group may be several at once.
  const gridGroup =
    replacing || collect ? undefined : model.grupos.find((g) => g.id === model.grupo_rejilla_id);
  const [several, setSeveral] = useState(false);
  const grid = useColourGrid(model, state, gridGroup && several ? gridGroup : null);
  const shownSections = grid.active
    ? sections
        .map((section) => ({ ...section, groups: section.groups.filter((g) => g.id !== gridGroup?.id) }))
        .filter((section) => section.groups.length > 0)
    : sections;
  const emb = embroideryChoice(model, state);
  const slides = sliderImages(model, state);
  const description = localized(model, 'descripcion', lang);
  // An Add's errors until the field changes, else what the rules refuse while typing.
  const typing = typingErrors(model, state);
  const shownError = (field: string) => messageText(errors[field] ?? typing[field]) || undefined;

  // After a failed check, move focus to the first field in error (keyboard and screen readers).
  useEffect(() => {
    if (!focusErrors) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
  }, [focusErrors]);

  const add = useAddLine(clienteId);
  const addGrid = useAddGrid(clienteId);
  const replace = useReplaceLine(clienteId);
  const saving = add.isPending || replace.isPending || addGrid.isPending;
  const send = (body: ReturnType<typeof toPayload>) =>
    replacing ? replace.mutateAsync({ line: replacing, body }) : add.mutateAsync(body);

  function clearError(field: string) {
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function chooseOption(group: ModelGroup, value: string | null) {
    setState((s) => {
      const next = { ...s, options: { ...s.options, [group.id]: value ? Number(value) : null } };
      // A different embroidery option means different letters/positions: start its details afresh.
      const before = embroideryChoice(model, s)?.option.id;
      const after = embroideryChoice(model, next)?.option.id;
      if (before !== after) next.embroidery = { ...emptyEmbroidery(), emb_style: s.embroidery.emb_style };
      return next;
    });
    clearError(groupField(group.id));
  }

  function setEmbroidery(patch: Partial<ConfigState['embroidery']>, field: string) {
    setState((s) => ({ ...s, embroidery: { ...s.embroidery, ...patch } }));
    clearError(field);
  }

  /** The grid's Add: one line per row with a quantity, the rest of the configuration once. */
  async function submitGrid() {
    const request = grid.request(clienteId, coleccion ?? null);
    if (!request) {
      setFormError(grid.rows.length === 0 ? t('gridEmpty') : null);
      setFocusErrors((n) => n + 1);
      return;
    }
    const found = validate(model, request.probe);
    delete found.cantidad;
    setErrors(found);
    if (Object.keys(found).length) {
      setFocusErrors((n) => n + 1);
      return;
    }
    const toast = notifyProgress(t('addingLines'));
    try {
      const cart = await addGrid.mutateAsync(request.body);
      toast.succeed(t('linesAddedGrid', { count: request.body.filas.length }), {
        autoClose: LINE_ADDED_TOAST_MS,
      });
      grid.reset();
      onAdded?.(cart);
    } catch (error) {
      toast.dismiss();
      const fieldErrors = apiFieldErrors(error);
      const rest = grid.setServerErrors(fieldErrors);
      setErrors(rest);
      const shown = new Set(shownFields(model, state));
      const elsewhere = Object.entries(rest).filter(([field]) => !shown.has(field));
      setFormError(
        elsewhere.length
          ? elsewhere.map(([, m]) => messageText(m)).join(' · ')
          : Object.keys(fieldErrors).length
            ? null
            : apiErrorText(error, t('addError')),
      );
      setFocusErrors((n) => n + 1);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    if (grid.active) return submitGrid();
    const found = validate(model, state);
    setErrors(found);
    if (Object.keys(found).length) {
      setFocusErrors((n) => n + 1);
      return; // product.md §5.3: if any error, nothing is sent
    }
    if (collect) {
      const { cliente_id: _client, pedido_id: _cart, ...line } = toPayload(model, state, clienteId);
      collect(line, namesOf(model, state));
      return;
    }
    const toast = notifyProgress(t(replacing ? 'savingLine' : 'addingLine'));
    try {
      const cart = await send({
        ...toPayload(model, state, clienteId),
        ...(coleccion ? { coleccion_id: coleccion } : {}),
      });
      toast.succeed(t(replacing ? 'lineSaved' : 'lineAdded'), { autoClose: LINE_ADDED_TOAST_MS });
      setState((s) => ({ ...s, cantidad: firstValidQuantity(model) }));
      setErrors({});
      onAdded?.(cart);
    } catch (error) {
      toast.dismiss();
      const fieldErrors = apiFieldErrors(error);
      if (Object.keys(fieldErrors).length) {
        setErrors(fieldErrors);
        const shown = new Set(shownFields(model, state));
        const elsewhere = Object.entries(fieldErrors).filter(([field]) => !shown.has(field));
        setFormError(elsewhere.length ? elsewhere.map(([, m]) => messageText(m)).join(' · ') : null);
        setFocusErrors((n) => n + 1);
      } else {
        setFormError(apiErrorText(error, t(replacing ? 'saveLineError' : 'addError')));
      }
    }
  }

  // Drawn beside the image on a wide form, under the embroidery fields on a narrow one (CSS).
  const embroideryPreview =
    emb && emb.option.letters > 0 ? (
      <EmbroideryPreview
        model={model}
        option={emb.option}
        values={state.embroidery}
        image={slides.images[0]?.url ?? null}
      />
    ) : null;
  const unit = unitPrice(model, state);
  const unitPvp = unitPrice(model, state, true);
  const total = totalPrice(model, state);

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={t('configureModel', { modelo: model.modelo })}
      className={classes.form}
      data-variant={variant}
    >
      {/* Container breakpoints: side by side wherever the form has room (modal, wide panel). */}
      <Grid gutter="lg" type="container" breakpoints={CONTAINER_BREAKPOINTS}>
        <Grid.Col span={{ base: 12, sm: 5 }} className={classes.imageColumn}>
          <Stack gap="sm">
            <ImageSlider
              images={slides.images}
              uncovered={slides.uncovered}
              alt={`${model.modelo} ${description}`}
            />
            {embroideryPreview && <div className={classes.previewBeside}>{embroideryPreview}</div>}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="md">
            <div>
              <Group gap="xs" wrap="wrap">
                <Badge variant="light" color="gray" ff="monospace" size="lg" radius="sm">
                  {model.modelo}
                </Badge>
                <QuietText>
                  {t('retailPrice')}: {formatMoney(model.pvp)}
                </QuietText>
                {differs(model.pvp, model.precio_neto) && (
                  <Text size="sm" fw={700} c="rose.8" data-testid="model-net-price">
                    {tc('prices.yours')}: {formatMoney(model.precio_neto)}
                  </Text>
                )}
              </Group>
              <Title order={3} size="h4" mt={6}>
                {description}
              </Title>
            </div>

            {clienteId <= 0 && <WarningAlert>{t('chooseClientFirst')}</WarningAlert>}
            {formError && <ErrorAlert>{formError}</ErrorAlert>}

            {gridGroup && (
              <Switch
                label={t('severalColours')}
                description={t('severalColoursHint')}
                checked={several}
                onChange={(e) => setSeveral(e.currentTarget.checked)}
              />
            )}

            <OptionGroups
              sections={shownSections}
              options={state.options}
              errors={errors}
              onChoose={chooseOption}
            />

            {emb && (
              <EmbroideryFields
                model={model}
                option={emb.option}
                values={state.embroidery}
                errors={errors}
                nameError={shownError(EMB_FIELD.name)}
                onChange={setEmbroidery}
              />
            )}
            {embroideryPreview && <div className={classes.previewInline}>{embroideryPreview}</div>}

            {grid.active && gridGroup ? (
              <Stack gap="xs">
                <ColourGrid
                  group={gridGroup}
                  quantities={grid.quantities}
                  onQuantity={grid.setQuantity}
                  unitOf={grid.unitOf}
                  baseUnit={grid.baseUnit}
                  errors={grid.errors}
                />
                <Text fw={700} c="rose.8" ta="right" aria-live="polite" data-testid="grid-total">
                  {t('gridTotal', { count: grid.rows.length, total: formatMoney(grid.total) })}
                </Text>
              </Stack>
            ) : (
              <QuantityAndPrice
                rule={model}
                quantity={state.cantidad}
                onQuantity={(value) => {
                  setState((s) => ({ ...s, cantidad: value }));
                  clearError('cantidad');
                }}
                quantityError={shownError('cantidad')}
                unit={unit}
                unitPvp={unitPvp}
                total={quantityValid(model, state) ? total : null}
              />
            )}

            {/* Never cut what was typed or pasted: the counter and the error say what is over. */}
            <TextInput
              label={t('note')}
              description={`${state.nota.length}/${NOTE_MAX}`}
              value={state.nota}
              onChange={(e) => {
                const nota = e.currentTarget.value;
                setState((s) => ({ ...s, nota }));
                clearError('nota');
              }}
              error={shownError('nota')}
              autoComplete="off"
            />

            <Group justify="flex-end" gap="sm">
              {variant === 'modal' && onCancel && (
                <Button variant="default" onClick={onCancel} disabled={saving}>
                  {t('cancel')}
                </Button>
              )}
              <Button
                type="submit"
                loading={saving}
                disabled={clienteId <= 0}
                leftSection={
                  collect ? (
                    <IconCheck size={18} />
                  ) : replacing ? (
                    <IconDeviceFloppy size={18} />
                  ) : (
                    <IconShoppingCartPlus size={18} />
                  )
                }
              >
                {grid.active
                  ? t('addLines', { count: grid.rows.length })
                  : t(collect ? 'useLine' : replacing ? 'saveLine' : 'add')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** Fields the form shows an error next to (other server errors go to the alert on top). */
function shownFields(model: ModelDetail, state: ConfigState): string[] {
  const fields = ['cantidad', 'nota'];
  for (const section of arrangeSections(model)) for (const g of section.groups) fields.push(groupField(g.id));
  const emb = embroideryChoice(model, state);
  if (emb) {
    if (emb.option.letters > 0) fields.push(EMB_FIELD.name, EMB_FIELD.style);
    if (emb.option.embroidery_color) fields.push(EMB_FIELD.colour);
    if (positionsOf(emb.option).length) fields.push(EMB_FIELD.position);
  }
  return fields;
}

/**
 * The quantity, and beside it the live unit price (with PVP when the client's differs) and total.
 * A model's minimum and pack size are said under the field ("Mínimo 6 · de 3 en 3") and set its
 * arrows' start and step; a typed quantity is never rounded to them (the rule's message says why).
 */
function QuantityAndPrice({
  rule,
  quantity,
  onQuantity,
  quantityError,
  unit,
  unitPvp,
  total,
}: {
  rule: QuantityRule;
  quantity: ConfigState['cantidad'];
  onQuantity: (value: ConfigState['cantidad']) => void;
  quantityError: string | undefined;
  unit: number;
  unitPvp: number;
  /** null while the quantity is not valid. */
  total: number | null;
}) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation('common');
  const hint = [
    rule.cantidad_minima > 1 ? t('quantityMinimum', { min: rule.cantidad_minima }) : null,
    rule.multiplo > 1 ? t('quantityPack', { multiplo: rule.multiplo }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <NumberInput
        label={t('quantity')}
        description={hint || undefined}
        value={quantity}
        onChange={onQuantity}
        min={firstValidQuantity(rule)}
        step={rule.multiplo}
        max={QUANTITY_MAX}
        allowDecimal={false}
        // What the user typed stays as typed (0, -3, 10000); the rules' message says why not.
        clampBehavior="none"
        maw={260}
        styles={{ wrapper: { width: 120 } }}
        error={quantityError}
      />
      <Box aria-live="polite">
        <QuietText>{t('unitPrice')}</QuietText>
        <Text fw={600} data-testid="unit-price">
          {formatMoney(unit)}
        </Text>
        {differs(unitPvp, unit) && (
          <Text size="xs" c="dimmed" data-testid="unit-pvp">
            {tc('prices.pvp')} {formatMoney(unitPvp)}
          </Text>
        )}
      </Box>
      <Box aria-live="polite">
        <QuietText>{t('total')}</QuietText>
        <Text fw={700} size="lg" c="rose.8" data-testid="line-total">
          {total == null ? '—' : formatMoney(total)}
        </Text>
      </Box>
    </Group>
  );
}
