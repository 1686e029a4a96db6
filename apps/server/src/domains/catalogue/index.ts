/**
 * What the catalogue module offers the others (ordering builds a line from a model, its option
 * groups and embroidery colours, and shows a line's picture). Another module imports from here,
 * never from the catalogue's queries or tables.
 */
export {
  findEmbroideryColour,
  findModel,
  type GroupRow,
  lineImageSql,
  modelCodesMatchingSql,
  modelGroups,
  type OptionRow,
  optionsById,
} from './shop-queries.ts';
