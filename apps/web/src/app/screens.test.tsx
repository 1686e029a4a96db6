/**
 * The signed-in screens as the router serves them (the app's route table in a memory router): a
 * role opens only the screens the contract's table gives it, a malformed id is "not found", and the
 * routes are exactly the table's screens.
 */
import { MantineProvider } from '@mantine/core';
import { type Language, mayOpen, type Role, SCREENS, type ScreenName } from '@nido/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n.ts';
import { queryClient } from '../lib/queryClient.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../lib/session.ts';
import { stubApi } from '../test/fetch.ts';
import { routes } from './router.tsx';
import { denialOf, idIsValid, type RouteHandle } from './screenAccess.ts';
import { cssVariablesResolver, theme } from './theme.ts';

async function openAs(role: Role, path: string, lang: Language = 'es') {
  await i18n.changeLanguage(lang);
  await i18n.loadNamespaces(['common', 'layout', 'orders', 'catalogAdmin', 'clients', 'messages']);
  const user = {
    ...GUEST_USER,
    id: 3,
    name: 'Ana',
    role,
    language: lang,
    cliente_id: role === 'Cliente' ? 7 : 0,
    cliente: role === 'Cliente' ? 'Bebés Luna' : '',
  };
  setToken('test-token');
  setUser(user);
  // Every other call answers 404 (test/fetch.ts): the shell's menus show their empty states.
  stubApi({ 'GET /me': () => user });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

afterEach(() => {
  clearSession();
  queryClient.clear();
});

/** Every route under the signed-in shell, with its handle. */
function appRoutes(list: RouteObject[] = routes): RouteObject[] {
  return list.flatMap((r) => [
    ...((r.handle as RouteHandle | undefined)?.screen ? [r] : []),
    ...appRoutes(r.children ?? []),
  ]);
}

describe('the screens of the router', () => {
  it('are the screens of the contract table, each at its path', () => {
    const served = appRoutes().map((r) => {
      const { screen: name } = r.handle as RouteHandle;
      return [name, r.index ? '/' : `/${r.path}`];
    });
    expect(Object.fromEntries(served)).toEqual(
      Object.fromEntries(Object.entries(SCREENS).map(([name, s]) => [name, s.path])),
    );
  });

  it.each([
    ['Cliente', '/modelo/colecciones'],
    ['Cliente', '/modelo/parametros'],
    ['Cliente', '/modelo/coleccion/1'],
    ['Cliente', '/cliente/list'],
    ['Representante', '/modelo/colecciones'],
    ['Representante', '/modelo/parametros-edit/3'],
  ] as const)(
    'show a %s "no access" at %s, with the way home and no control of the page',
    async (role, path) => {
      await openAs(role, path);
      expect(
        await screen.findByRole('heading', { name: 'No tienes acceso a esta página' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
      await waitFor(() => expect(document.title).toBe('Sin acceso'));
      // Nothing of the admin screen: no switches, no "new" button, no search of its list.
      expect(screen.queryByRole('switch')).not.toBeInTheDocument();
      expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Nueva|Nuevo/ })).not.toBeInTheDocument();
    },
  );

  it('says it in English too', async () => {
    await openAs('Cliente', '/modelo/colecciones', 'en');
    expect(
      await screen.findByRole('heading', { name: 'You have no access to this page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/pedido/abc', 'Cliente'],
    ['/pedido/0', 'Cliente'],
    ['/facturas/1.5', 'Cliente'],
    ['/cliente/-4', 'Representante'],
    ['/pedido/edit/abc', 'Representante'],
    ['/modelo/coleccion/abc', 'Admin'],
    ['/modelo/parametros-edit/x1', 'Admin'],
    ['/modelo/modeloscoleccion/abc', 'Admin'],
  ] as const)('show "not found" for the malformed id of %s (%s)', async (path, role) => {
    await openAs(role, path);
    expect(await screen.findByRole('heading', { name: 'No encontrado' })).toBeInTheDocument();
    expect(screen.queryByText(/Cargando/)).not.toBeInTheDocument();
  });

  it('open the page for a role the table admits', async () => {
    await openAs('Admin', '/modelo/coleccion/0', 'en');
    // id 0: a new collection's editor, no request needed.
    expect(await screen.findByRole('button', { name: /Save|Create/ })).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'You have no access to this page' }),
    ).not.toBeInTheDocument();
  });

  it('deny a role the contract table leaves out, and a malformed id', () => {
    const handle: RouteHandle = { screen: 'collection', id: 'idOrNew' };
    expect(denialOf(handle, { id: '4' }, 'Admin')).toBeNull();
    expect(denialOf(handle, { id: '0' }, 'Admin')).toBeNull();
    expect(denialOf(handle, { id: '4' }, 'Representante')).toBe('noAccess');
    expect(denialOf(handle, { id: 'abc' }, 'Cliente')).toBe('noAccess');
    expect(denialOf(handle, { id: 'abc' }, 'Admin')).toBe('notFound');
    expect(denialOf({ screen: 'clients' }, {}, 'Representante')).toBeNull();
    expect(denialOf({ screen: 'clients' }, {}, 'Cliente')).toBe('noAccess');
    expect(denialOf({ screen: 'home' }, {}, 'Invitado')).toBe('noAccess');
    for (const role of ['Admin', 'Representante', 'Cliente'] as const)
      for (const name of Object.keys(SCREENS) as ScreenName[])
        expect(denialOf({ screen: name }, {}, role) === null, `${role} ${name}`).toBe(mayOpen(name, role));
  });

  it.each([
    ['1', 'id', true],
    ['2147483647', 'id', true],
    ['0', 'id', false],
    ['0', 'idOrNew', true],
    ['2147483648', 'idOrNew', false],
    ['abc', 'idOrNew', false],
    ['-1', 'idOrNew', false],
    ['1.5', 'id', false],
    ['1e3', 'id', false],
    [' 1', 'id', false],
    ['', 'id', false],
  ] as const)('take "%s" as a well-formed %s: %s', (value, rule, valid) => {
    expect(idIsValid(value, rule)).toBe(valid);
  });
});
