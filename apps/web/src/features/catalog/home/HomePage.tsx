import { Button, Grid, Group, Stack, Title } from '@mantine/core';
import type { PurchasedItem, ReorderLine } from '@nido/contract';
import { IconBolt } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AfterFirstPaint } from '../../../lib/afterPaint.tsx';
import { presetOfLine } from '../../../lib/lineEditor.ts';
import { useReorderCheck } from '../../quick-order/api.ts';
import type { AddToCartTarget } from '../AddToCartModal.tsx';
import { LineAddPanel } from '../LineAddForm.tsx';
import { ModelSearch } from '../ModelSearch.tsx';
import { presetOf } from './buyAgain.ts';
import { LastPurchases } from './LastPurchases.tsx';

// Below the fold or on demand: their chunks (tables, accordion, modal stack…) load after the page's,
// the collections selector once the page is painted.
const CollectionsSelector = lazy(async () => ({
  default: (await import('../CollectionsSelector.tsx')).CollectionsSelector,
}));
const AddToCartModal = lazy(async () => ({
  default: (await import('../AddToCartModal.tsx')).AddToCartModal,
}));
const BuyAgainCheck = lazy(() => import('./BuyAgainCheck.tsx'));

/**
 * Home (product.md §4): the model search box and its results, the quick-add panel, the collections
 * selector and the 'Last purchases' list; adding from a card or buying again opens 'Add to cart'.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const [quickModelo, setQuickModelo] = useState<string | null>(null);
  const [target, setTarget] = useState<AddToCartTarget | null>(null);
  // The modal is loaded on the first 'add' and then stays mounted (its close transition plays).
  const [modalLoaded, setModalLoaded] = useState(false);
  if (target && !modalLoaded) setModalLoaded(true);

  const openAdd = (modelo: string) => setTarget({ modelo });
  // Buy again checks the line against today's catalogue first (pedidos/reorder/check): a withdrawn
  // option or model is said, with substitutes, before any configurator opens.
  const recheck = useReorderCheck();
  const [buying, setBuying] = useState<number | null>(null);
  const [changed, setChanged] = useState<ReorderLine | null>(null);
  async function buyAgain(item: PurchasedItem) {
    setBuying(item.id);
    try {
      const [line] = (await recheck.mutateAsync({ linea_id: item.id })).lines;
      if (line && (line.status === 'unavailable' || line.substitutes.length > 0)) setChanged(line);
      else setTarget({ modelo: item.modelo, preset: presetOf(item) });
    } catch {
      // The check is a courtesy: the configurator and the add check everything again.
      setTarget({ modelo: item.modelo, preset: presetOf(item) });
    } finally {
      setBuying(null);
    }
  }

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button
          component={Link}
          to="/pedido/rapido"
          variant="light"
          leftSection={<IconBolt size={18} aria-hidden />}
        >
          {t('quickOrder')}
        </Button>
      </Group>
      <ModelSearch onAdd={openAdd} />
      {/* With a model chosen the panel takes the whole row: its configurator then has room for the
          image beside the options (sticky while the lower options are filled in), and 'Last
          purchases' moves below it instead of ending early beside them. */}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: quickModelo ? 12 : 7 }}>
          <LineAddPanel
            title={t('quickAdd')}
            modelo={quickModelo}
            onModelChange={setQuickModelo}
            // product.md §5.5: after the add the selected model is cleared.
            onAdded={() => setQuickModelo(null)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: quickModelo ? 12 : 5 }}>
          <LastPurchases onBuyAgain={(item) => void buyAgain(item)} buying={buying} />
        </Grid.Col>
      </Grid>
      <AfterFirstPaint>
        <CollectionsSelector onAdd={openAdd} />
      </AfterFirstPaint>
      {changed && (
        <Suspense fallback={null}>
          <BuyAgainCheck
            line={changed}
            onClose={() => setChanged(null)}
            onContinue={(line) => {
              setChanged(null);
              // Buy again starts from 1 unit, as without a change.
              setTarget({ modelo: line.modelo, preset: { ...presetOfLine(line), cantidad: undefined } });
            }}
          />
        </Suspense>
      )}
      {modalLoaded && (
        <Suspense fallback={null}>
          <AddToCartModal target={target} onClose={() => setTarget(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
