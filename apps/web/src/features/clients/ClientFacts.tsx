import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Cliente } from '@nido/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from './ui.tsx';

/** Read-only client fields as a description list (company info, and the detail for non-admins). */
export function ClientFacts({ cliente }: { cliente: Omit<Cliente, 'tarifa_id' | 'descuento'> }) {
  const { t } = useTranslation('clients');
  const dash = '—';
  const address = [cliente.direccion, [cliente.cp, cliente.poblacion].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const region = [cliente.provincia, cliente.pais].filter(Boolean).join(', ');
  const facts: Array<[string, ReactNode]> = [
    [t('fields.nomcome'), cliente.nomcome],
    [t('fields.nombre'), cliente.nombre || dash],
    [t('fields.cif'), cliente.cif || dash],
    [t('fields.regimen_fiscal'), t(`regimes.${cliente.regimen_fiscal}`)],
    [t('fields.email'), cliente.email || dash],
    [t('fields.telefono'), cliente.telefono || dash],
    [t('fields.address'), address || dash],
    [t('fields.region'), region || dash],
    [t('fields.representante'), cliente.representante || dash],
    [
      t('fields.activo'),
      <ActiveBadge
        key="activo"
        active={cliente.activo}
        labels={{ active: t('active'), inactive: t('inactive') }}
      />,
    ],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {facts.map(([label, value]) => (
        <Stack key={label} gap={2}>
          <Text component="dt" size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
