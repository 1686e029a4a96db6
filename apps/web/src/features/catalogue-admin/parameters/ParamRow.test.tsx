import type { Language, ParametroRow, ParamGroupDetail } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../../lib/session.ts';
import { type SentRequest, stubApi } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import ParameterGroupEditPage from '../ParameterGroupEditPage.tsx';

async function signInAdmin(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['catalogAdmin', 'messages']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

/** A fabric option at 9,90 € in a group of size 2 (the price counts twice on a line). */
const linen: ParametroRow = {
  id: 61,
  parametros_grupos_id: 6,
  codigo: 'LIN',
  nombre: 'Lino',
  nombre_en: 'Linen',
  color: null,
  price: 9.9,
  letters: 0,
  embroidery_color: false,
  embroidery_position: '',
  embroidery_position_en: '',
  activado: true,
  imagen: null,
  position: 0,
  section_id: 0,
  section: { id: 0, name: 'Sección por defecto', name_en: 'Default section' },
};

const fabrics: ParamGroupDetail = {
  id: 6,
  nombre: 'Tejido',
  nombre_en: 'Fabric',
  activado: true,
  size: 2,
  sections: [{ id: 0, name: 'Sección por defecto', name_en: 'Default section', position: 0 }],
  parametros: [linen],
  parametros_active: [linen],
};

/** The group editor of group 6; saving an option answers it as stored (the price in euros, as sent). */
async function renderOptions(lang: Language) {
  await signInAdmin(lang);
  const server = stubApi({
    'GET /parametrosgrupos/6': () => fabrics,
    'POST /parametro/updateNewWithImage': ({ body }: SentRequest): ParametroRow => ({
      ...linen,
      ...(body as Partial<ParametroRow>),
    }),
  });
  const view = await renderWithApp(<ParameterGroupEditPage />, {
    lang,
    path: '/modelo/parametros-edit/6',
    route: '/modelo/parametros-edit/:id',
  });
  const row = await screen.findByRole('row', { name: lang === 'es' ? 'Fila 1: Lino' : 'Row 1: Lino' });
  return { ...view, server, row };
}

const sentPrices = (server: Awaited<ReturnType<typeof renderOptions>>['server']) =>
  server.sent('POST /parametro/updateNewWithImage').map((r) => (r.body as { price: unknown }).price);

afterEach(() => clearSession());

describe('an option row of the group editor', () => {
  it.each([
    ['es', 'Precio, fila 1', '12,5', 'Guardado'],
    ['en', 'Price, row 1', '12.5', 'Saved'],
  ] as const)(
    'sends a price typed in euros as euros, and shows it times the group size (%s)',
    async (lang, label, typed, saved) => {
      const { user, server, row } = await renderOptions(lang);
      const price = within(row).getByRole('textbox', { name: label });
      expect(row).toHaveTextContent('19,80 €');

      await user.clear(price);
      await user.type(price, typed);
      await user.tab();

      expect(await within(row).findByText(saved)).toBeInTheDocument();
      expect(sentPrices(server)).toEqual([12.5]);
      expect(server.sent('POST /parametro/updateNewWithImage')[0].body).toMatchObject({
        id: 61,
        parametros_grupos_id: 6,
        codigo: 'LIN',
        nombre: 'Lino',
        nombre_en: 'Linen',
      });
      expect(row).toHaveTextContent('25,00 €');
    },
  );

  it('stores a negative or unreadable price as 0 and says so in the field (es)', async () => {
    const { user, server, row } = await renderOptions('es');
    const price = within(row).getByRole('textbox', { name: 'Precio, fila 1' });

    await user.clear(price);
    await user.type(price, '-3');
    await user.tab();
    expect(await within(row).findByText('Guardado')).toBeInTheDocument();
    expect(price).toHaveValue('0');
    expect(row).toHaveTextContent('0,00 €');
    expect(sentPrices(server)).toEqual([0]);
  });

  it('sends nothing when a price is left as it was stored, however it is written (es)', async () => {
    const { user, server, row } = await renderOptions('es');
    const price = within(row).getByRole('textbox', { name: 'Precio, fila 1' });

    await user.clear(price);
    await user.type(price, '9,90');
    await user.tab();
    expect(row).toHaveTextContent('19,80 €');
    expect(within(row).queryByText('Guardado')).not.toBeInTheDocument();
    expect(server.sent('POST /parametro/updateNewWithImage')).toEqual([]);
  });
});
