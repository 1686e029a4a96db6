import { AddToCartModal } from '../features/catalog/AddToCartModal.tsx';
import { closeLineEditor, type LineEditRequest } from '../lib/lineEditor.ts';

/** The configurator dialog for Edit on a cart line and for the quick order's rows (lib/lineEditor.ts), mounted by RootRoute. */
export default function LineEditorHost({ request }: { request: LineEditRequest }) {
  return <AddToCartModal target={request} onClose={closeLineEditor} />;
}
