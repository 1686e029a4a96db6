import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../../lib/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { EMPTY_FILTERS } from './api.ts';
import { ExportButtons } from './ExportButtons.tsx';

/** The names the page saved files under (the link the download goes through). */
let saved: string[];

beforeEach(async () => {
  await i18n.loadNamespaces(['orders']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 3, name: 'Ana', role: 'Cliente', cliente_id: 7 });
  saved = [];
  // jsdom has no object URLs: the link gets a stand-in.
  Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('ExportButtons', () => {
  it.each([
    ['es', 'Exportar CSV', 'Exportar Excel', 'Descargando la exportación: 2 kB', 'pedidos-2026-03-05.csv'],
    ['en', 'Export CSV', 'Export Excel', 'Downloading the export: 2 kB', 'orders-2026-03-05.csv'],
  ] as const)(
    'exports the filter, shows the bytes received meanwhile and saves the file (%s)',
    async (lang, csv, excel, progress, name) => {
      let send: ReadableStreamDefaultController<Uint8Array> | undefined;
      const server = stubApi({
        'POST /pedidos/exportCsv': () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                send = controller;
              },
            }),
            {
              headers: {
                'Content-Type': 'text/csv',
                'Content-Disposition': `attachment; filename="${name}"`,
              },
            },
          ),
      });
      const filters = { ...EMPTY_FILTERS, status: 'p' as const, text: ' silla ' };
      const { user } = await renderWithApp(<ExportButtons filters={filters} />, { lang });

      await user.click(screen.getByRole('button', { name: csv }));
      await waitFor(() => expect(send).toBeDefined());
      expect(screen.getByRole('button', { name: excel })).toBeDisabled();
      send?.enqueue(new Uint8Array(2000));
      expect(await screen.findByRole('status')).toHaveTextContent(progress);
      send?.close();

      await waitFor(() => expect(saved).toEqual([name]));
      // The buttons come back once the save has returned (the component's `finally`, a render later).
      await waitFor(() => expect(screen.getByRole('button', { name: excel })).toBeEnabled());
      expect(screen.getByRole('status')).toHaveTextContent('');
      expect(server.sent('POST /pedidos/exportCsv').map((r) => r.body)).toEqual([
        { tipodoc: 'E', filters: { desde: null, hasta: null, status: 'p', text: 'silla' } },
      ]);
    },
  );

  it('says so when the export fails, and saves nothing', async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'POST /pedidos/exportXlsx': () => Promise.reject(new TypeError('network down')) });
    const { user } = await renderWithApp(<ExportButtons filters={EMPTY_FILTERS} />, { lang: 'en' });

    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('The orders could not be exported.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeEnabled();
    expect(saved).toEqual([]);
  });
});
