/**
 * The Admin's catalogue (the server's domains/catalogue, admin side): collections, models, option
 * groups and price lists. What other features may use.
 */
export { usePriceLists } from './price-lists/api.ts';
export { useMissingTranslationCount } from './translations/countApi.ts';
