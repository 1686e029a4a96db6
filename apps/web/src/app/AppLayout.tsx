import { AppShell, Center, Loader, Progress } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useSession } from '../lib/session.ts';
import { Denied } from './Denied.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useScreenDenial } from './screenAccess.ts';
import { TopBar } from './TopBar.tsx';

/**
 * The signed-in shell: top bar, side menu (a drawer below 1024px, opened by the burger) and the
 * page. The profile (menu, language) is refreshed by the routes' loader (router.tsx). A screen the
 * user's role may not open, or a malformed id, shows "no access" or "not found" instead of the page
 * (screenAccess.ts), so no control of it is ever rendered.
 */
export default function AppLayout() {
  const { t } = useTranslation('layout');
  const { token } = useSession();
  const denial = useScreenDenial();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const busy = useNavigation().state !== 'idle';
  // Below 1024px the side menu is a closed drawer: its links are rendered once it is first opened
  // (and then kept, so it slides out with them), not on every start on a phone.
  const wide = useMediaQuery('(min-width: 64em)', undefined, { getInitialValueInEffect: false });
  const [navUsed, setNavUsed] = useState(false);
  if (navOpened && !navUsed) setNavUsed(true);

  // On a narrow screen, following a menu link closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => close(), [pathname, close]);

  // The session can end while mounted (logout, a 401 elsewhere): leave at once.
  if (!token) return <Navigate to="/account/login" replace />;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <a href="#main-content" className="nido-skip-link">
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        {busy && (
          <Progress
            value={100}
            animated
            size={3}
            radius={0}
            pos="absolute"
            top={0}
            left={0}
            right={0}
            aria-label={t('loadingPage')}
          />
        )}
        <TopBar navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" aria-label={t('sideMenu')}>
        {(wide || navUsed) && <SideMenu />}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0">
        {denial === 'pending' ? (
          <Center py="xl">
            <Loader aria-label={t('loadingPage')} />
          </Center>
        ) : denial ? (
          <Denied kind={denial} />
        ) : (
          <Outlet />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
