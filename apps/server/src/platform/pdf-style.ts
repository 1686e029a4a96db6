/** What the printed documents share (pdfkit): the A4 page in points and the brand's colours. */
export const A4 = { width: 595.28, height: 841.89 };

/** The brand's rose (the web theme's shade 7) and greys, as the line sheet and the production sheet print them. */
export const BRAND_COLOURS = {
  brand: '#a9466a',
  brandLight: '#f9e3ea',
  text: '#222222',
  quiet: '#666666',
  rule: '#dddddd',
};
