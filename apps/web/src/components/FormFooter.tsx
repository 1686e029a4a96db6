import { Button, Group, type MantineSpacing } from '@mantine/core';

/** The end of a form: Cancel (when `onCancel` is given) and the submit button, on the right. */
export function FormFooter({
  submitLabel,
  loading,
  onCancel,
  cancelLabel,
  mt,
}: {
  submitLabel: string;
  loading: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={loading} aria-busy={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
