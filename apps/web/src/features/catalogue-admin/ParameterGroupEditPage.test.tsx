import type { ParametroRow, ParamGroupDetail } from '@nido/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { clearSession } from '../../lib/session.ts';
import { answer, type SentRequest, stubApi } from '../../test/fetch.ts';
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

async function renderEditor(lang: 'es' | 'en' = 'en', save?: (request: SentRequest) => unknown) {
  signIn(lang);
  await i18n.changeLanguage(lang);
  await i18n.loadNamespaces(['catalogAdmin', 'messages']);
  const server = stubApi({
    'GET /parametrosgrupos/5': () => group,
    'POST /parametro/updateNewWithImage': save ?? (({ body }) => ({ ...nameOption, ...(body as object) })),
  });
  const view = await renderWithApp(<ParameterGroupEditPage />, {
    lang,
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
    expect(await screen.findByText('Saved')).toBeVisible();
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

describe('the option editor’s sections and saving', () => {
  it.each([
    [
      'es',
      'Renombrar la sección Sección por defecto',
      'Eliminar la sección Sección por defecto',
      'La sección por defecto no se puede cambiar: crea una sección nueva y elimina esta',
    ],
    [
      'en',
      'Rename the section Default section',
      'Delete the section Default section',
      'The default section cannot be changed, create a new section and delete this one',
    ],
  ] as const)(
    'offers no rename or delete on the default section, and says why (%s)',
    async (lang, rename, remove, why) => {
      await renderEditor(lang);
      const renameButton = await screen.findByRole('button', { name: rename });
      const deleteButton = screen.getByRole('button', { name: remove });
      expect(screen.getByText(why)).toBeVisible();
      for (const button of [renameButton, deleteButton]) {
        expect(button).toBeDisabled();
        expect(button).toHaveAccessibleDescription(why);
      }
    },
  );

  it.each([
    ['es', 'Código, fila 1', 'Guardado', 'No se ha podido guardar la opción'],
    ['en', 'Code, row 1', 'Saved', 'The option could not be saved'],
  ] as const)(
    'says a change left on blur was saved, or that it failed (%s)',
    async (lang, code, saved, failed) => {
      let fail = false;
      const { user } = await renderEditor(lang, ({ body }) =>
        fail
          ? answer(500, { message: 'x', code: 'request.internal' })
          : { ...nameOption, ...(body as object) },
      );
      const input = await screen.findByRole('textbox', { name: code });
      await user.type(input, '2');
      await user.tab();
      expect(await screen.findByText(saved)).toBeVisible();
      fail = true;
      await user.type(input, '3');
      expect(screen.queryByText(saved)).not.toBeInTheDocument();
      await user.tab();
      expect(await screen.findByRole('alert')).toHaveTextContent(failed);
    },
  );
});
