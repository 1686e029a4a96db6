import { Grid, Stack, Title } from '@mantine/core';
import type { PurchasedItem } from '@nido/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddToCartModal, type AddToCartTarget } from '../catalog/AddToCartModal.tsx';
import { CollectionsSelector } from '../catalog/CollectionsSelector.tsx';
import { LineAddPanel } from '../catalog/LineAddForm.tsx';
import { presetOf } from './buyAgain.ts';
import { LastPurchases } from './LastPurchases.tsx';
import { ModelSearch } from './ModelSearch.tsx';

/**
 * Home (SPEC §2): the model search box and its results, the quick-add panel, the collections
 * selector and the 'Last purchases' list; adding from a card or buying again opens 'Add to cart'.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const [quickModelo, setQuickModelo] = useState<string | null>(null);
  const [target, setTarget] = useState<AddToCartTarget | null>(null);

  const openAdd = (modelo: string) => setTarget({ modelo });
  const buyAgain = (item: PurchasedItem) => setTarget({ modelo: item.modelo, preset: presetOf(item) });

  return (
    <Stack gap="lg" maw={1400}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <ModelSearch onAdd={openAdd} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <LineAddPanel
            title={t('quickAdd')}
            modelo={quickModelo}
            onModelChange={setQuickModelo}
            // SPEC §4: after the add the selected model is cleared.
            onAdded={() => setQuickModelo(null)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <LastPurchases onBuyAgain={buyAgain} />
        </Grid.Col>
      </Grid>
      <CollectionsSelector onAdd={openAdd} />
      <AddToCartModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
