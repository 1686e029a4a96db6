import { Text } from '@mantine/core';

/**
 * The quiet lines under a bought or carted model: its options, then its embroidery. `testId` names
 * them for the tests (`<testId>-options`, `<testId>-embroidery`).
 */
export function LineDetails({
  options,
  embroidery,
  embroideryLabel,
  testId,
}: {
  options: string;
  embroidery: string;
  embroideryLabel: string;
  testId: string;
}) {
  return (
    <>
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
