import { IconTrash } from '@tabler/icons-react';
import { type ConfirmOptions, confirmAction } from './confirm.tsx';
import { IconAction, type IconActionProps } from './IconAction.tsx';

interface DeleteActionProps extends Omit<IconActionProps, 'children' | 'color' | 'to'> {
  /** The bin's size in pixels (as the icons beside it; default 16). */
  iconSize?: number;
  /** Asked first: `onClick` then runs only once the user confirms. */
  confirm?: ConfirmOptions;
}

/** A red bin button that deletes or removes what its label names. */
export function DeleteAction({ iconSize = 16, confirm, onClick, ...props }: DeleteActionProps) {
  const click =
    confirm && onClick ? () => void confirmAction(confirm).then((ok) => ok && onClick()) : onClick;
  return (
    <IconAction color="red" onClick={click} {...props}>
      <IconTrash size={iconSize} />
    </IconAction>
  );
}
