import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderMenu } from '../components/HeaderMenu.tsx';
import { useAccountActions } from '../features/account/index.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { LANGUAGE_OPTIONS } from '../lib/languages.ts';
import { useSession } from '../lib/session.ts';
import classes from './UserMenu.module.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? parts[0][0] + parts[1][0] : (parts[0] ?? '?').slice(0, 2)).toUpperCase();
}

/**
 * Top-bar user menu: profile, language choices, logout. The button is named by what it shows, the
 * user's name, then what it opens ("Carmen Ruiz, menú de usuario"; WCAG 2.5.3, label in name); the
 * avatar's initials are drawn by CSS and hidden from assistive technology, a picture beside the name.
 */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  const { signOut, setLanguage } = useAccountActions();
  const language = currentLanguage();

  return (
    <HeaderMenu
      width={220}
      target={
        <UnstyledButton aria-label={t('userMenu', { name: user.name })} px={4} py={2}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="rose" radius="xl" size={34} aria-hidden>
              <span className={classes.initials} data-initials={initials(user.name)} />
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate="end">
              {user.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      }
    >
      <Menu.Label>{user.email}</Menu.Label>
      <Menu.Item component={Link} to="/users/profile" leftSection={<IconUser size={16} />}>
        {t('profile')}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Label>{t('language')}</Menu.Label>
      {LANGUAGE_OPTIONS.map((option) => (
        <Menu.Item
          key={option.value}
          lang={option.value}
          aria-current={language === option.value ? 'true' : undefined}
          rightSection={language === option.value ? <IconCheck size={16} /> : null}
          onClick={() => void setLanguage(option.value)}
        >
          {option.label}
        </Menu.Item>
      ))}
      <Menu.Divider />
      <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
        {t('logout')}
      </Menu.Item>
    </HeaderMenu>
  );
}
