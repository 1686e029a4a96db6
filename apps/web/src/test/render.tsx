/**
 * Renders a component as the app does: the app's Mantine theme with toasts, a fresh query cache
 * (no retries), i18next in the wanted language and a memory router at `path`. Any other path the
 * component navigates to shows "Page: <path>".
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Language } from '@nido/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import i18n from '../lib/i18n.ts';
import { GUEST_USER, setToken, setUser } from '../lib/session.ts';

interface RenderOptions {
  lang?: Language;
  /** The URL the router starts at. */
  path?: string;
  /** The route pattern the component is mounted on (for useParams); default: the path. */
  route?: string;
}

function OtherPage() {
  const { pathname } = useLocation();
  return <p>Page: {pathname}</p>;
}

export async function renderWithApp(
  ui: ReactNode,
  { lang = 'es', path = '/', route = path.split('?')[0] }: RenderOptions = {},
) {
  // es is bundled; en comes from its lazy chunks (lib/i18n.ts): wait until the screens' texts are in.
  await i18n.changeLanguage(lang);
  await i18n.loadNamespaces(['common', 'messages', 'account', 'cart', 'catalog']);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={<OtherPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, user, queryClient };
}

/** A shop user of client 7 with a token: the session the signed-in screens expect. */
export function signIn(language: Language = 'es'): void {
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 3, cliente_id: 7, cliente: 'Bebés Luna', role: 'Cliente', language });
}
