import { Button, Grid, Group, Stack, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ModelSearch } from '../../features/catalogue/index.ts';
import { LastPurchases, LineAddPanel, useBuyAgain, useLineEditor } from '../../features/ordering/index.ts';
import { AfterFirstPaint } from '../../lib/afterPaint.tsx';

// Below the fold: its chunk (accordion, tables…) loads once the page is painted.
const CollectionsSelector = lazy(async () => ({
  default: (await import('../../features/catalogue/CollectionsSelector.tsx')).CollectionsSelector,
}));

/**
 * Home (product.md §4): the model search box and its results, the quick-add panel, the collections
 * selector and the 'Last purchases' list; adding from a card or buying again opens 'Add to cart'.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const [quickModelo, setQuickModelo] = useState<string | null>(null);
  const lineEditor = useLineEditor();
  const again = useBuyAgain(lineEditor.open);
  const openAdd = (modelo: string, coleccion: number | null = null) => lineEditor.open({ modelo, coleccion });

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
          <LastPurchases onBuyAgain={(item) => void again.buyAgain(item)} buying={again.buying} />
        </Grid.Col>
      </Grid>
      <AfterFirstPaint>
        <CollectionsSelector onAdd={openAdd} />
      </AfterFirstPaint>
      {again.dialog}
      {lineEditor.dialog}
    </Stack>
  );
}
