import { Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Language } from '@nido/contract';
import { IconBabyCarriage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { LANGUAGE_OPTIONS } from '../../lib/languages.ts';
import classes from './AuthLayout.module.css';
import { useAccountActions } from './useAccountActions.ts';

/** Split layout of the login, forgot-password and reset screens (product.md §1): brand panel + form. */
export default function AuthLayout() {
  const { t } = useTranslation('account');
  const { setLanguage } = useAccountActions();

  return (
    <div className={classes.root}>
      <Box className={classes.brand} component="aside" aria-label={t('brandPanel')}>
        <Stack gap="xs" align="center" className={classes.brandInner}>
          <div className={classes.mark} aria-hidden>
            <IconBabyCarriage size={44} stroke={1.4} />
          </div>
          <Text component="p" className={classes.name}>
            Nido
          </Text>
          <Text component="p" className={classes.slogan}>
            {t('slogan')}
          </Text>
        </Stack>
      </Box>
      <main className={classes.panel}>
        <Group justify="flex-end" p="md">
          <SegmentedControl
            size="xs"
            radius="xl"
            aria-label={t('languageSwitch')}
            value={currentLanguage()}
            onChange={(value) => void setLanguage(value as Language)}
            data={LANGUAGE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          />
        </Group>
        <div className={classes.formArea}>
          <Box w="100%" maw={400}>
            <Outlet />
          </Box>
        </div>
      </main>
    </div>
  );
}
