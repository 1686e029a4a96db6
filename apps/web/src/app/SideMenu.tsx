import { Badge, Box, Divider, NavLink, ScrollArea, Text } from '@mantine/core';
import type { MenuBadge, MenuItem } from '@nido/contract';
import { IconCheck, IconLanguage, IconLogout, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAccountActions } from '../features/account/index.ts';
import { useMissingTranslationCount } from '../features/catalogue-admin/index.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { LANGUAGE_OPTIONS } from '../lib/languages.ts';
import { useSession } from '../lib/session.ts';
import { menuIcon } from './menuIcons.tsx';

/** The path part of a menu target ("/pedido/list?tipodoc=E" → "/pedido/list"). */
function pathOf(to: string): string {
  return to.split(/[?#]/)[0] || '/';
}

function isActive(to: string | undefined, pathname: string): boolean {
  if (!to) return false;
  const path = pathOf(to);
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

function hasActiveChild(item: MenuItem, pathname: string): boolean {
  return (item.submenus ?? []).some((sub) => isActive(sub.to, pathname) || hasActiveChild(sub, pathname));
}

/**
 * A badge's count, read from its own endpoint (polled) while the menu shows it (record 056). One
 * kind today; another adds its hook here, each called on every render and enabled for its own.
 */
function useBadgeCount(badge: MenuBadge): number {
  return useMissingTranslationCount(badge === 'missingTranslations');
}

/** The count beside an entry's label, shown while above zero; read out with the label. */
function EntryBadge({ badge }: { badge: MenuBadge }) {
  const count = useBadgeCount(badge);
  if (count <= 0) return null;
  return (
    <Badge size="sm" variant="filled" color="orange.9" radius="xl" data-testid={`menu-badge-${badge}`}>
      {count}
    </Badge>
  );
}

/** A parent entry: a real button (keyboard-focusable) that expands its submenus. */
function ParentNavLink({ item, pathname }: { item: MenuItem; pathname: string }) {
  const { t } = useTranslation('layout');
  const [opened, setOpened] = useState(() => hasActiveChild(item, pathname));
  const Icon = menuIcon(item.icon);
  return (
    <NavLink
      component="button"
      type="button"
      label={t(item.label, { defaultValue: item.label })}
      leftSection={<Icon size={18} stroke={1.6} />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={22}
    >
      {item.submenus?.map((sub) => (
        <MenuEntry key={`${sub.label}-${sub.to ?? ''}`} item={sub} pathname={pathname} nested />
      ))}
    </NavLink>
  );
}

function MenuEntry({
  item,
  pathname,
  nested = false,
}: {
  item: MenuItem;
  pathname: string;
  nested?: boolean;
}) {
  const { t } = useTranslation('layout');
  if (item.submenus?.length) return <ParentNavLink item={item} pathname={pathname} />;
  // Submenu entries show an icon only when the server names one; top-level ones always do.
  const Icon = nested && !item.icon ? null : menuIcon(item.icon);
  const label = t(item.label, { defaultValue: item.label });
  if (!item.to) return <NavLink component="button" type="button" label={label} disabled />;
  const active = isActive(item.to, pathname);
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={label}
      leftSection={Icon ? <Icon size={18} stroke={1.6} /> : undefined}
      rightSection={item.badge ? <EntryBadge badge={item.badge} /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}

/** Side menu (product.md §4 Layout): MENU heading, the server's menus, then profile, logout, language. */
export function SideMenu() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const { user } = useSession();
  const { signOut, setLanguage } = useAccountActions();
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const language = currentLanguage();
  const profileActive = pathname === '/users/profile';

  return (
    <ScrollArea type="auto" h="100%">
      <Box p="sm">
        <Text component="h2" size="xs" fw={800} c="dimmed" px="sm" mb="xs" lts={1.5}>
          {t('menuHeading')}
        </Text>
        {user.menu.map((item) => (
          <MenuEntry key={`${item.label}-${item.to ?? ''}`} item={item} pathname={pathname} />
        ))}
        <Divider my="sm" />
        <NavLink
          component={Link}
          to="/users/profile"
          label={t('profile')}
          leftSection={<IconUser size={18} stroke={1.6} />}
          active={profileActive}
          aria-current={profileActive ? 'page' : undefined}
        />
        <NavLink
          component="button"
          type="button"
          label={t('logout')}
          leftSection={<IconLogout size={18} stroke={1.6} />}
          onClick={() => void signOut()}
        />
        <NavLink
          component="button"
          type="button"
          label={t('language')}
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          opened={languagesOpen}
          onChange={setLanguagesOpen}
          aria-expanded={languagesOpen}
          childrenOffset={22}
        >
          {LANGUAGE_OPTIONS.map((option) => (
            <NavLink
              key={option.value}
              component="button"
              type="button"
              lang={option.value}
              label={option.label}
              active={language === option.value}
              aria-pressed={language === option.value}
              rightSection={language === option.value ? <IconCheck size={16} /> : null}
              onClick={() => void setLanguage(option.value)}
            />
          ))}
        </NavLink>
      </Box>
    </ScrollArea>
  );
}
