import { Select, type SelectProps } from '@mantine/core';

/** A Select the user can type into to filter, and clear (its clear button named `clearLabel`). */
export function SearchSelect({ clearLabel, ...props }: SelectProps & { clearLabel: string }) {
  return <Select searchable clearable clearButtonProps={{ 'aria-label': clearLabel }} {...props} />;
}
