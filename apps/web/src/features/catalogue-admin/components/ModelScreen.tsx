import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink, PageHeader } from '../../../components/PageFrame.tsx';
import { type AdminModelDetailT, useAdminModel } from '../api.ts';
import { useLocalized } from '../useLocalized.ts';
import { AdminQueryState } from './AdminList.tsx';

/** A model's admin screen: Back (to the previous screen, else the collections), then the model. */
export function ModelScreen({
  modelo,
  children,
}: {
  modelo: string;
  children: (model: AdminModelDetailT) => ReactNode;
}) {
  const { t } = useTranslation('catalogAdmin');
  const navigate = useNavigate();
  const query = useAdminModel(modelo);
  return (
    <Stack gap="md">
      <BackLink onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/modelo/colecciones'))}>
        {t('back')}
      </BackLink>
      <AdminQueryState query={query}>{() => query.data && children(query.data)}</AdminQueryState>
    </Stack>
  );
}

/** A model screen's heading: title, the model's description, its badges, and actions on the right. */
export function ModelHeader({
  model,
  title,
  badges,
  actions,
}: {
  model: AdminModelDetailT;
  title: string;
  badges: ReactNode;
  actions: ReactNode;
}) {
  const localized = useLocalized();
  return (
    <PageHeader
      title={title}
      subtitle={localized(model, 'descripcion')}
      details={
        <Group gap={6} mt={6}>
          {badges}
        </Group>
      }
      actions={actions}
      actionsAlign="flex-start"
    />
  );
}
