import type { ErrorBody, Language, ModeloFields } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../../lib/api.ts';
import i18n from '../../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../../lib/session.ts';
import { answer, type SentRequest, stubApi } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ModelForm } from './ModelForm.tsx';

async function signInAdmin(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['catalogAdmin', 'messages']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

/** A custom carrycot of family 1 (CAPAZO) at 189 €. */
const model: Answer<'catalogAdmin.model'> = {
  modelo: 'NDCAP103',
  descripcion: 'Capazo Luna',
  descripcion_en: 'Luna carrycot',
  pvp: 189,
  personalizado: 2,
  modelobordado: 'BD01',
  familia: 1,
  baja: false,
  cantidad_minima: 1,
  multiplo: 1,
  grupo_rejilla_id: null,
  imagenes: [],
  grupos: [],
  colecciones: [],
};

async function renderForm(lang: Language, save: (request: SentRequest) => unknown) {
  await signInAdmin(lang);
  const server = stubApi({ 'POST /modelo/update': save });
  const view = await renderWithApp(<ModelForm model={model} />, { lang });
  const form = screen.getByRole('form', { name: lang === 'es' ? 'Datos del modelo' : 'Model details' });
  return { ...view, server, form };
}

const stored = ({ body }: SentRequest): ModeloFields => ({ ...model, ...(body as Partial<ModeloFields>) });

afterEach(() => clearSession());

describe("the model editor's details", () => {
  it.each([
    [
      'es',
      '189,00 €',
      'CAPAZO',
      'Personalizado',
      /^Descripción en inglés/,
      'Guardar modelo',
      'La descripción en inglés es obligatoria',
    ],
    [
      'en',
      '189.00 €',
      'CARRYCOTS',
      'Custom',
      /^Description in English/,
      'Save model',
      'The description in English is mandatory',
    ],
  ] as const)(
    'shows the model as stored and asks for its English description (%s)',
    async (lang, pvp, family, mode, english, save, required) => {
      const { user, server, form } = await renderForm(lang, stored);
      expect(within(form).getByRole('textbox', { name: lang === 'es' ? 'PVP' : 'Retail price' })).toHaveValue(
        pvp,
      );
      expect(within(form).getByRole('textbox', { name: lang === 'es' ? 'Familia' : 'Family' })).toHaveValue(
        family,
      );
      expect(
        within(form).getByRole('textbox', { name: lang === 'es' ? 'Modo de línea' : 'Line mode' }),
      ).toHaveValue(mode);

      const description = within(form).getByRole('textbox', { name: english });
      expect(description).toHaveValue('Luna carrycot');
      await user.clear(description);
      await user.type(description, '   ');
      await user.click(within(form).getByRole('button', { name: save }));

      expect(description).toHaveAccessibleDescription(required);
      expect(server.sent('POST /modelo/update')).toEqual([]);
    },
  );

  it('saves the price typed in euros, the family and the line mode (es)', async () => {
    const { user, server, form } = await renderForm('es', stored);
    const pvp = within(form).getByRole('textbox', { name: 'PVP' });
    await user.clear(pvp);
    await user.type(pvp, '1234,5');
    await user.click(within(form).getByRole('textbox', { name: 'Familia' }));
    await user.click(await screen.findByRole('option', { name: 'BOLSOS' }));
    await user.click(within(form).getByRole('textbox', { name: 'Modo de línea' }));
    await user.click(await screen.findByRole('option', { name: 'Simple' }));
    await user.click(within(form).getByRole('button', { name: 'Guardar modelo' }));

    expect(await screen.findByText('Modelo guardado')).toBeInTheDocument();
    expect(server.sent('POST /modelo/update').map((r) => r.body)).toEqual([
      {
        modelo: 'NDCAP103',
        descripcion: 'Capazo Luna',
        descripcion_en: 'Luna carrycot',
        pvp: 1234.5,
        familia: 4,
        personalizado: 1,
        modelobordado: 'BD01',
        cantidad_minima: 1,
        multiplo: 1,
        grupo_rejilla_id: null,
      },
    ]);
  });

  it.each([
    ['en', 'Save model', 'The model could not be saved'],
    ['es', 'Guardar modelo', 'No se ha podido guardar el modelo'],
  ] as const)('says the model could not be saved when the server fails (%s)', async (lang, save, failed) => {
    const { user, form } = await renderForm(lang, () =>
      answer(500, { message: 'Internal error', code: 'request.internal' } satisfies ErrorBody),
    );
    await user.click(within(form).getByRole('button', { name: save }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(failed);
  });
});
