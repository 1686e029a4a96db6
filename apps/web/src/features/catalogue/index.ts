/**
 * The shop's catalogue (the server's domains/catalogue, shop side): model search, collections and
 * their models, model cards. What other features and app/ may use.
 */
export { useCollectionModels, useCollections, useModel } from './api.ts';
export { LineSheetActions } from './LineSheetActions.tsx';
export { MODEL_GRID_COLS, ModelGrid } from './ModelCard.tsx';
export { ModelCodeSearch } from './ModelCodeSearch.tsx';
export { ModelSearch } from './ModelSearch.tsx';
export { ColorDot } from './Swatches.tsx';
