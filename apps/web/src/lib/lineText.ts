// The screens and the orders export share one rendering of a line's options and embroidery.
export { embroideryText, optionsText } from '@nido/contract';
