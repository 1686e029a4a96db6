import { Anchor, Badge, Group, Paper, Stack, Switch } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../components/notify.tsx';
import { apiErrorText } from '../../lib/messages.ts';
import { type AdminModelDetailT, useSetModelInactive } from './api.ts';
import { ModelHeader, ModelScreen } from './components/ModelScreen.tsx';
import { modelInfoPath } from './components/ModelsTable.tsx';
import { ModelCopy } from './model/ModelCopy.tsx';
import { ModelEmbroideryBoxes } from './model/ModelEmbroideryBoxes.tsx';
import { ModelForm } from './model/ModelForm.tsx';
import { ModelGroups } from './model/ModelGroups.tsx';
import { ModelImages } from './model/ModelImages.tsx';

/**
 * /modelo/modelocustom/{modelo}: the model editor — descriptions, price, family, mode, the inactive
 * flag, images and the option groups arranged in sections.
 */
export default function ModelCustomPage() {
  return <ModelScreen modelo={useParams().id ?? ''}>{(model) => <ModelEditor model={model} />}</ModelScreen>;
}

function ModelEditor({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <Stack gap="md">
      <ModelHeader
        model={model}
        title={t('modelEditor.title', { modelo: model.modelo })}
        badges={<CollectionBadges model={model} />}
        actions={<ActiveSwitch model={model} />}
      />
      <ModelForm model={model} />
      <ModelImages model={model} />
      <ModelEmbroideryBoxes modelo={model.modelo} />
      <ModelGroups model={model} />
      <ModelCopy model={model} />
    </Stack>
  );
}

/** Under the title: the model's collections (each a link to its models), or "no collection"; then its info. */
function CollectionBadges({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <>
      {model.colecciones.length === 0 ? (
        <Badge variant="light" color="gray">
          {t('modelEditor.noCollection')}
        </Badge>
      ) : (
        model.colecciones.map((c) => (
          <Badge
            key={c.id}
            variant="light"
            component={Link}
            to={`/modelo/modeloscoleccion/${c.id}`}
            style={{ cursor: 'pointer' }}
          >
            {c.coleccion}
          </Badge>
        ))
      )}
      <Anchor component={Link} to={modelInfoPath(model.modelo)} size="sm">
        <Group gap={2}>
          <IconInfoCircle size={14} />
          {t('models.info')}
        </Group>
      </Anchor>
    </>
  );
}

/** The model's active switch (its inactive flag, inverted), saved at once. */
function ActiveSwitch({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const baja = useSetModelInactive(model.modelo, {
    onSuccess: (result) => notifySuccess(result.baja ? t('models.deactivated') : t('models.activated')),
    onError: (error) => notifyError(apiErrorText(error, t('models.bajaError'))),
  });
  const active = baja.isPending ? !baja.variables : !model.baja;
  return (
    <Paper withBorder p="sm">
      <Switch
        size="md"
        label={t('modelEditor.activeLabel')}
        description={active ? t('modelEditor.activeHint') : t('modelEditor.inactiveHint')}
        checked={active}
        disabled={baja.isPending}
        onChange={(e) => baja.mutate(!e.currentTarget.checked)}
      />
    </Paper>
  );
}
