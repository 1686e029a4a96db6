import {
  ActionIcon,
  Avatar,
  Center,
  Group,
  Indicator,
  Loader,
  Menu,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { localized, type OrderLine } from '@nido/contract';
import { IconPhoto, IconShoppingCart, IconShoppingCartOff, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { LineDetails } from '../../../components/LineDetails.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { embroideryText, optionsText } from '../../../lib/lineText.ts';
import { useActiveClienteId } from '../../../lib/session.ts';
import { useLang } from '../../../lib/useLang.ts';
import { dependentsOf, primaryLines, shippingLine, useCart } from './api.ts';

/**
 * Top-bar cart menu (product.md §4 Layout): a cart button with the line count (its name says the
 * lines and their units); the dropdown shows the title, "2 lines · 5 units", the primary lines (lineaprimaria 0) with image, code, amount, description and
 * colour parameters, then the shipping line when the cart has one (not counted as an item), the
 * total (dependent lines included) and the checkout button. Each line's amount
 * is the server's `importe_total`, its dependent lines (surcharges) included, so the listed amounts
 * add up to the total. An empty cart shows a 'no items' entry leading to the order edit screen. The
 * menu closes on navigation.
 */
export default function CartMenu() {
  const { t } = useTranslation('cart');
  const lang = useLang();
  const clienteId = useActiveClienteId();
  const cart = useCart();
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the route changes
  useEffect(() => setOpened(false), [pathname]);

  if (clienteId <= 0) return null; // an Admin acting for nobody has no cart

  const lines = primaryLines(cart.data);
  const shipping = shippingLine(cart.data);
  const count = lines.length;
  // What the menu counts, said plainly: its lines (the shipping line apart) and their units.
  const units = lines.reduce((sum, l) => sum + l.unped, 0);
  const counted = { lines: t('lines', { count }), units: t('units', { count: units }) };
  const editPath = `/pedido/edit/${clienteId}`;

  return (
    <Indicator label={count} disabled={count === 0} size={18} offset={6} color="rose" inline zIndex={1}>
      <Menu
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(380px, calc(100vw - 16px))"
        shadow="md"
        withinPortal
        trapFocus
        // A menu holds items only, so no focus placeholder (a focusable div): focus goes to the first
        // item. Every item is a tab stop, so a long list that scrolls is reached by Tab as by arrows.
        withInitialFocusPlaceholder={false}
        menuItemTabIndex={0}
      >
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('button', counted)}
            data-testid="cart-button"
          >
            <IconShoppingCart size={22} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown data-testid="cart-dropdown">
          <Group justify="space-between" px="sm" pt="xs" pb={4}>
            <Text fw={700}>{t('title')}</Text>
            <Text size="sm" c="dimmed" data-testid="cart-count">
              {t('summary', counted)}
            </Text>
          </Group>
          <Menu.Divider />
          {cart.isPending && (
            <Center py="md">
              <Loader size="sm" aria-label={t('loading')} />
            </Center>
          )}
          {cart.isError && <ErrorAlert m="xs">{t('loadError')}</ErrorAlert>}
          {cart.data && count === 0 && (
            <Menu.Item component={Link} to={editPath} leftSection={<IconShoppingCartOff size={18} />}>
              {t('noItems')}
            </Menu.Item>
          )}
          {count > 0 && (
            <>
              <ScrollArea.Autosize mah={360} type="auto">
                {lines.map((line) => (
                  <CartLine
                    key={line.id}
                    line={line}
                    dependents={dependentsOf(cart.data, line)}
                    to={editPath}
                    lang={lang}
                  />
                ))}
                {shipping && <CartLine line={shipping} dependents={[]} to={editPath} lang={lang} />}
              </ScrollArea.Autosize>
              <Menu.Divider />
              <Group justify="space-between" px="sm" py={6}>
                <Text fw={700}>{t('subtotal')}</Text>
                <Text fw={700} c="rose.8" data-testid="cart-total">
                  {formatMoney(cart.data?.total ?? 0)}
                </Text>
              </Group>
              {/* What the price list's minimum order value still lacks (the cart screen says more). */}
              {!!cart.data?.pedido_minimo?.faltan && (
                <Text size="sm" c="orange.9" fw={600} px="sm" pb={6} data-testid="cart-menu-minimum">
                  {t('minimumMissing', { amount: formatMoney(cart.data.pedido_minimo.faltan) })}
                </Text>
              )}
              <Stack px="sm" pb="xs">
                {/* An item, as everything a menu holds (a link there breaks it), drawn as its button. */}
                <Menu.Item component={Link} to={editPath} fw={700} style={CHECKOUT_STYLE}>
                  {t('checkout')}
                </Menu.Item>
              </Stack>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </Indicator>
  );
}

/** The checkout item, filled like the app's main buttons (rose.7 carries white text at 5.6:1). */
const CHECKOUT_STYLE = {
  justifyContent: 'center',
  textAlign: 'center',
  color: 'var(--mantine-color-white)',
  backgroundColor: 'var(--mantine-color-rose-7)',
  borderRadius: 'var(--mantine-radius-xl)',
} as const;

function CartLine({
  line,
  dependents,
  to,
  lang,
}: {
  line: OrderLine;
  /** Its surcharge lines, already in its importe_total. */
  dependents: OrderLine[];
  to: string;
  lang: 'es' | 'en';
}) {
  const { t } = useTranslation('cart');
  const description = localized(line.modelo, 'descripcion', lang);
  const options = optionsText(line.parametros_color, lang);
  const embroidery = embroideryText(line.parametros_bordado, lang);
  const breakdown = [
    `${line.unped} × ${formatMoney(line.precio)}`,
    ...dependents.map((d) => t('surcharges', { amount: formatMoney(d.importe) })),
  ].join(' ');
  return (
    <Menu.Item
      component={Link}
      to={to}
      leftSection={
        <Avatar src={line.imagen} radius="sm" size={44} alt="" color="gray">
          {line.porte ? <IconTruckDelivery size={18} /> : <IconPhoto size={18} />}
        </Avatar>
      }
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={700} ff="monospace">
          {line.modelo.modelo}
        </Text>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="cart-line-amount">
          {formatMoney(line.importe_total)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {breakdown}
      </Text>
      <LineDetails
        compact
        description={description}
        options={options}
        embroidery={embroidery}
        embroideryLabel={t('embroidery')}
        testId="cart-line"
      />
    </Menu.Item>
  );
}
