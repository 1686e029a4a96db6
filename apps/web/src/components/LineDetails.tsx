import { Text } from '@mantine/core';

/**
 * What a bought or carted model's line says under its code: the model's description, then, quieter,
 * its options and its embroidery (`compact`: the description on one small line, as in the cart
 * menu). `testId` names the quiet lines for the tests (`<testId>-options`, `<testId>-embroidery`).
 */
export function LineDetails({
  description,
  options,
  embroidery,
  embroideryLabel,
  testId,
  compact = false,
}: {
  description: string;
  options: string;
  embroidery: string;
  embroideryLabel: string;
  testId: string;
  compact?: boolean;
}) {
  return (
    <>
      <Text size={compact ? 'xs' : 'sm'} lineClamp={compact ? 1 : 2}>
        {description}
      </Text>
      {options && (
        <Text size="xs" c="dimmed" lineClamp={2} data-testid={`${testId}-options`}>
          {options}
        </Text>
      )}
      {embroidery && (
        <Text size="xs" c="dimmed" lineClamp={1} data-testid={`${testId}-embroidery`}>
          {embroideryLabel}: {embroidery}
        </Text>
      )}
    </>
  );
}
