import { type MenuItem, mayOpen, ROLES, SCREENS, type ScreenFor, type ScreenName } from '@nido/contract';
import { describe, expect, it } from 'vitest';
import { menuFor } from './menu.ts';

/** Every link of a menu, submenus included. */
const links = (items: MenuItem[]): string[] =>
  items.flatMap((i) => [...(i.to ? [i.to] : []), ...links(i.submenus ?? [])]);

/** The screen whose path a menu link is (menu links carry no parameters). */
const screenAt = (to: string) =>
  (Object.keys(SCREENS) as ScreenName[]).find((name) => SCREENS[name].path === to);

describe('menuFor', () => {
  it.each(ROLES)('links a %s only to screens of the contract table that role may open', (role) => {
    const menu = links(menuFor(role));
    expect(menu.length).toBeGreaterThan(0);
    for (const to of menu) {
      const screen = screenAt(to);
      expect(screen, to).toBeDefined();
      expect(mayOpen(screen as ScreenName, role), `${role} → ${to}`).toBe(true);
    }
  });

  it('gives staff the dashboard first, then Home (an Admin acting for a client gets back to the shop screens)', () => {
    for (const role of ['Admin', 'Representante'] as const) {
      expect(menuFor(role).slice(0, 2)).toMatchObject([
        { label: 'menu.dashboard', to: '/dashboard' },
        { label: 'menu.home', to: '/' },
      ]);
    }
    expect(menuFor('Cliente')[0]).toMatchObject({ label: 'menu.home', to: '/' });
  });

  it('keeps the catalogue administration in the Admin menu only', () => {
    expect(links(menuFor('Admin'))).toEqual(
      expect.arrayContaining(['/modelo/colecciones', '/modelo/parametros']),
    );
    expect(links(menuFor('Representante'))).not.toContain('/modelo/colecciones');
    expect(links(menuFor('Cliente'))).not.toContain('/cliente/list');
  });

  it('gives the Admin alone the missing-translation report, with its badge', () => {
    expect(menuFor('Admin')).toContainEqual({
      label: 'menu.translations',
      to: '/modelo/traducciones',
      icon: 'language',
      badge: 'missingTranslations',
    });
    for (const role of ['Representante', 'Cliente'] as const)
      expect(links(menuFor(role))).not.toContain('/modelo/traducciones');
  });

  it('refuses, at compile time, a screen the role may not open', () => {
    const shopScreen: ScreenFor<'Cliente'> = 'orders';
    // @ts-expect-error a Cliente may not open the collections screen
    const adminScreen: ScreenFor<'Cliente'> = 'collections';
    // @ts-expect-error nor the client list
    const staffScreen: ScreenFor<'Cliente'> = 'clients';
    expect([shopScreen, adminScreen, staffScreen]).toHaveLength(3);
  });
});
