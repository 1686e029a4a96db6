import type { EmbroiderySnapshot } from '@nido/contract';
import { describe, expect, it } from 'vitest';
import { embroideryText } from './lineText.ts';

const bordado: EmbroiderySnapshot = {
  with_custom: 0,
  name: 'Lucía',
  emb_style: 'Embird',
  emb_color: '1117',
  emb_color_id: 92,
  emb_color_name: 'Rosa palo',
  emb_color_name_en: 'Blush pink',
  emb_color_hex: '#e8b4b8',
  position: 'Lateral',
  position_en: 'Side',
  letters: 12,
  parametro_id: 5,
  parametros_grupos_id: 50,
  name_option: 'Nombre',
  name_option_en: 'Name',
  group: 'Bordado',
  group_en: 'Embroidery',
  price: 9.9,
};

describe("a line's embroidery as the cart, the checkout, the order and Last purchases show it", () => {
  it('names the colour and the position in the interface language', () => {
    expect(embroideryText(bordado, 'es')).toBe('«Lucía» · Embird · Rosa palo · Lateral');
    expect(embroideryText(bordado, 'en')).toBe('«Lucía» · Embird · Blush pink · Side');
  });

  it('shows the Spanish position of a line stored without its English name', () => {
    const { position_en: _, ...older } = bordado;
    expect(embroideryText(older, 'en')).toBe('«Lucía» · Embird · Blush pink · Lateral');
    expect(embroideryText({ ...bordado, position_en: '' }, 'en')).toBe(
      '«Lucía» · Embird · Blush pink · Lateral',
    );
  });

  it('is empty for a line without embroidery', () => {
    expect(embroideryText(null, 'en')).toBe('');
  });
});
