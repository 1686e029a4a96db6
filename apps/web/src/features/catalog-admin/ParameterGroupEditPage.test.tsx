import type { ParametroRow, ParamGroupDetail } from '@nido/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { clearSession } from '../../lib/session.ts';
import { stubApi } from '../../test/fetch.ts';
import { renderWithApp, signIn } from '../../test/render.tsx';
import ParameterGroupEditPage from './ParameterGroupEditPage.tsx';

const nameOption: ParametroRow = {
  id: 51,
  parametros_grupos_id: 5,
  codigo: 'BD01',
  nombre: 'Nombre',
  nombre_en: 'Name',
  color: null,
  price: 9.9,
  letters: 12,
  embroidery_color: true,
  embroidery_position: 'Delantera,Lateral',
  embroidery_position_en: '',
  activado: true,
  imagen: null,
  position: 0,
  section_id: 0,
  section: { id: 0, name: 'Sección por defecto', name_en: 'Default section' },
};

const group: ParamGroupDetail = {
  id: 5,
  nombre: 'Bordado',
  nombre_en: 'Embroidery',
  activado: true,
  size: 1,
  sections: [{ id: 0, name: 'Sección por defecto', name_en: 'Default section', position: 0 }],
  parametros: [nameOption],
  parametros_active: [nameOption],
};

async function renderEditor() {
  signIn('en');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('catalogAdmin');
  const server = stubApi({
    'GET /parametrosgrupos/5': () => group,
    'POST /parametro/updateNewWithImage': ({ body }) => ({ ...nameOption, ...(body as object) }),
  });
  const view = await renderWithApp(<ParameterGroupEditPage />, {
    lang: 'en',
    path: '/modelo/parametros-edit/5',
    route: '/modelo/parametros-edit/:id',
  });
  return { ...view, server };
}

afterEach(() => clearSession());

describe('the option editor’s embroidery positions (en)', () => {
  it('edits the English names beside the Spanish ones and saves them when the field is left', async () => {
    const { user, server } = await renderEditor();
    const spanish = await screen.findByRole('textbox', { name: 'Positions (es), row 1' });
    const english = screen.getByRole('textbox', { name: 'Positions (en), row 1' });
    expect(spanish).toHaveValue('Delantera,Lateral');
    expect(english).toHaveValue('');

    await user.type(english, ' Front , Side ');
    await user.tab();
    expect(await screen.findByLabelText('Saved')).toBeInTheDocument();
    expect(server.sent('POST /parametro/updateNewWithImage').map((r) => r.body)).toEqual([
      expect.objectContaining({
        id: 51,
        embroidery_position: 'Delantera,Lateral',
        embroidery_position_en: 'Front,Side',
      }),
    ]);
  });

  it('refuses English names over the Spanish list’s limit and sends nothing', async () => {
    const { user, server } = await renderEditor();
    const english = await screen.findByRole('textbox', { name: 'Positions (en), row 1' });
    await user.click(english);
    await user.paste('x'.repeat(201));
    await user.tab();
    expect(english).toHaveAccessibleDescription('Can be at most 200 characters');
    expect(server.sent('POST /parametro/updateNewWithImage')).toEqual([]);
  });
});
