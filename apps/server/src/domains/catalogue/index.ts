/**
 * What the catalogue module offers the others (ordering builds lines from the models, their option
 * groups and embroidery colours, read once for any number of lines, and shows a line's picture).
 * Another module imports from here, never from the catalogue's queries or tables.
 */

export {
  lineDrawing,
  PREVIEW_FILE_PREFIX,
  type PreviewSubject,
  previewAddress,
  previewKey,
} from './embroidery/address.ts';
export { type LineDrawingBasis, lineDrawingBasisSql, modelLacksBoxSql } from './embroidery/queries.ts';
export { addressedPreview, storedPreview } from './embroidery/service.ts';
export {
  type LineCatalogue,
  type LineGroup,
  type LineModel,
  lineCatalogue,
  modelQuantityRuleSql,
  type OrderDay,
  withOptionsOfGroups,
} from './line-catalogue.ts';
export { drawLineSheetOnPort } from './line-sheets/document.ts';
export type { SheetScope } from './line-sheets/sheet.ts';
export { modelDescriptionSql, optionGroupNameSql, optionNameSql } from './names.ts';
export {
  type CollectionWindows,
  type LineCollection,
  lineCollectionSql,
  modelCollectionsSql,
  type OrderWindowOf,
  type OutOfWindow,
  outsideWindowMessage,
  readModelCollections,
} from './order-window.ts';
export { orderMinimumSql, shippingFreeFromSql, shippingRuleSql } from './price-lists/queries.ts';
export {
  type PriceInputs,
  type PriceListTerms,
  priceInputsOfClient,
  pricesOf,
  readPrices,
} from './pricing.ts';
export { lineImageSql, modelBaseList, modelCodesMatchingSql, type OptionRow } from './shop/queries.ts';
