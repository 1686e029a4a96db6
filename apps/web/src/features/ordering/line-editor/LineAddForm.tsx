import { Button, Grid, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { Order } from '@nido/contract';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { isApiError } from '../../../lib/api.ts';
import { ModelCodeSearch, useModel } from '../../catalogue/index.ts';
import type { ConfigPreset, LineCollect, ReplacedLine } from './lineEditor.ts';

// The configuration (option selects, number input, carousel…) loads with the first model chosen,
// alongside the model's data, not with the screen.
const loadConfigurator = () => import('./Configurator.tsx');
const Configurator = lazy(loadConfigurator);

export interface LineAddFormProps {
  /** The model being configured (null: only the code search shows). */
  modelo: string | null;
  /** The user picked another model in the code search (the parent keeps the code). */
  onModelChange: (modelo: string | null) => void;
  /** Buy again: the earlier line's choices, applied while `preset.modelo` is the model shown. */
  preset?: (ConfigPreset & { modelo: string }) | null;
  /** Edit in the cart: saving replaces this line instead of adding one. */
  replacing?: ReplacedLine | null;
  /** The collection the shop is ordering from (record 054): the line is ordered through it. */
  coleccion?: number | null;
  /** Quick order, reorder: the configured line is handed here instead of being sent. */
  collect?: LineCollect['onLine'] | null;
  /** 'modal' adds a Cancel button. */
  variant?: 'page' | 'modal';
  /** Called after the line was added, with the cart the server answered. */
  onAdded?: (cart: Order) => void;
  onCancel?: () => void;
  autoFocusSearch?: boolean;
}

/**
 * The line-add form (product.md §4, §4, §5), embedded in a page or in the 'Add to cart' modal: code search,
 * image slider, description, option groups by section, embroidery, quantity with the live price,
 * note, Add (and Cancel in the modal).
 */
export function LineAddForm({
  modelo,
  onModelChange,
  preset,
  replacing,
  coleccion,
  collect,
  variant = 'page',
  onAdded,
  onCancel,
  autoFocusSearch,
}: LineAddFormProps) {
  const { t } = useTranslation('catalog');
  const model = useModel(modelo);
  useEffect(() => {
    if (modelo) void loadConfigurator();
  }, [modelo]);

  return (
    <Stack gap="md">
      <ModelCodeSearch modelo={modelo} onSelect={(code) => onModelChange(code)} autoFocus={autoFocusSearch} />
      {modelo && model.isPending && <ConfiguratorSkeleton />}
      {modelo && model.isError && (
        <ErrorAlert>
          {isApiError(model.error) && model.error.status === 404 ? t('modelNotFound') : t('modelLoadError')}
        </ErrorAlert>
      )}
      {!modelo && variant === 'modal' && onCancel && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      )}
      {model.data && model.data.modelo === modelo && (
        // A new model (or a new preset) starts a fresh configuration: product.md §5.5 "changing the model
        // resets customisation".
        <Suspense fallback={<ConfiguratorSkeleton />}>
          <Configurator
            key={`${model.data.modelo}|${preset?.modelo === model.data.modelo ? 'preset' : ''}`}
            model={model.data}
            preset={preset?.modelo === model.data.modelo ? preset : null}
            replacing={replacing}
            coleccion={coleccion}
            collect={collect}
            variant={variant}
            onAdded={onAdded}
            onCancel={onCancel}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function ConfiguratorSkeleton() {
  const { t } = useTranslation('catalog');
  return (
    <Grid role="status" aria-busy="true" aria-label={t('loadingModel')}>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <Skeleton h={220} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <Stack gap="sm">
          <Skeleton h={24} w="70%" />
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** A compact frame for the form on a page (the quick-add panel). */
export function LineAddPanel(props: LineAddFormProps & { title: string }) {
  const { title, ...rest } = props;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <LineAddForm {...rest} />
    </Paper>
  );
}
