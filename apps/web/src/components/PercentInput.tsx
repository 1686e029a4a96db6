import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A discount in percent, as the server takes it: 0 to 100, at most two decimals, a decimal comma. */
export function PercentInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      max={100}
      decimalScale={2}
      decimalSeparator=","
      suffix=" %"
      allowNegative={false}
      {...props}
    />
  );
}
