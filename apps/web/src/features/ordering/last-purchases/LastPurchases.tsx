import { Anchor, Avatar, Button, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { localized, type PurchasedItem } from '@nido/contract';
import { IconPhoto, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { LineDetails } from '../../../components/LineDetails.tsx';
import { SkeletonStack } from '../../../components/Skeletons.tsx';
import { useAfterFirstPaint } from '../../../lib/afterPaint.tsx';
import { embroideryText, optionsText } from '../../../lib/lineText.ts';
import { canActForClient, useActiveClienteId, useSession } from '../../../lib/session.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useLastPurchased } from './api.ts';
import { canBuyAgain } from './buyAgain.ts';

/** Rows rendered with the page's first paint; the rest (out of sight in the list) right after it. */
const FIRST_ROWS = 6;

/**
 * Home 'Last purchases' (Últimas compras): most recent first, each with Buy again. Staff see a client's
 * purchases once they act for one (product.md §3.2); until then the card says so, with the way to
 * the client list.
 */
export function LastPurchases({
  onBuyAgain,
  buying,
}: {
  onBuyAgain: (item: PurchasedItem) => void;
  /** The line whose Buy again is being checked (its button shows progress). */
  buying?: number | null;
}) {
  const { t } = useTranslation('home');
  const lang = useLang();
  const session = useSession();
  const noClient = useActiveClienteId() <= 0;
  const query = useLastPurchased();
  const painted = useAfterFirstPaint();
  const items = (query.data?.ids ?? [])
    .slice(0, painted ? undefined : FIRST_ROWS)
    .map((id) => query.data?.details[String(id)])
    .filter((item): item is PurchasedItem => item != null);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="last-purchases-title" h="100%">
      <Title order={2} size="h4" mb="sm" id="last-purchases-title">
        {t('lastPurchases')}
      </Title>
      {noClient && (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">{t('pickClient')}</Text>
          {canActForClient(session.user) && (
            <Anchor component={Link} to="/cliente/list" fw={600}>
              {t('pickClientLink')}
            </Anchor>
          )}
        </Stack>
      )}
      {query.isPending && query.fetchStatus !== 'idle' && (
        <SkeletonStack label={t('loadingPurchases')} rows={[56, 56, 56]} />
      )}
      {query.isError && <ErrorAlert>{t('purchasesError')}</ErrorAlert>}
      {query.data && items.length === 0 && (
        // Staff read about the client they act for, not about themselves.
        <Text c="dimmed">{t(canActForClient(session.user) ? 'clientNoPurchases' : 'noPurchases')}</Text>
      )}
      {items.length > 0 && (
        <ScrollArea.Autosize mah={560} type="auto" scrollbars="y" offsetScrollbars="y">
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="last-purchases-title"
          >
            {items.map((item) => {
              const description = localized(item, 'descripcion', lang);
              const options = optionsText(item.parametros_color, lang);
              const embroidery = embroideryText(item.parametros_bordado, lang);
              return (
                <li
                  key={item.id}
                  data-testid="purchase"
                  data-modelo={item.modelo}
                  // Rows scrolled out of sight are laid out and painted when scrolled to.
                  style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 132px' }}
                >
                  <Paper withBorder p="xs" radius="md">
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Avatar
                        src={item.imagen}
                        radius="sm"
                        size={52}
                        alt=""
                        color="gray"
                        // The list scrolls: rows out of sight fetch their picture when scrolled to.
                        imageProps={{ loading: 'lazy' }}
                      >
                        <IconPhoto size={20} />
                      </Avatar>
                      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" fw={700} ff="monospace">
                            {item.modelo}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {item.fecha}
                          </Text>
                        </Group>
                        <LineDetails
                          description={description}
                          options={options}
                          embroidery={embroidery}
                          embroideryLabel={t('embroidery')}
                          testId="purchase"
                        />
                        {canBuyAgain(item) && (
                          <Group mt={4}>
                            <Button
                              size="compact-sm"
                              variant="light"
                              leftSection={<IconRepeat size={14} aria-hidden />}
                              onClick={() => onBuyAgain(item)}
                              loading={buying === item.id}
                              aria-label={`${t('buyAgain')} ${item.modelo}`}
                            >
                              {t('buyAgain')}
                            </Button>
                          </Group>
                        )}
                      </Stack>
                    </Group>
                  </Paper>
                </li>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
