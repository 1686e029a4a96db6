import { Anchor, Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type AdminModelDetailT, keys, modelApi, useAdminModel } from './api.ts';
import { modelInfoPath } from './components/ModelsTable.tsx';
import { notify } from './components/notify.ts';
import { errorText, QueryState } from './components/QueryState.tsx';
import { ModelCopy } from './model/ModelCopy.tsx';
import { ModelForm } from './model/ModelForm.tsx';
import { ModelGroups } from './model/ModelGroups.tsx';
import { ModelImages } from './model/ModelImages.tsx';
import { useLocalized } from './useLocalized.ts';

/**
 * /modelo/modelocustom/{modelo}: the model editor — descriptions, price, family, mode, the inactive
 * flag, images and the option groups arranged in sections.
 */
export default function ModelCustomPage() {
  const { t } = useTranslation('catalogAdmin');
  const navigate = useNavigate();
  const modelo = useParams().id ?? '';
  const query = useAdminModel(modelo);

  return (
    <Stack gap="md">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/modelo/colecciones'))}
      >
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('back')}
        </Group>
      </Anchor>
      <QueryState query={query}>{() => query.data && <ModelEditor model={query.data} />}</QueryState>
    </Stack>
  );
}

function ModelEditor({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const client = useQueryClient();
  const baja = useMutation({
    mutationFn: (value: boolean) => modelApi.setBaja(model.modelo, value),
    onSuccess: (result) => {
      client.setQueryData<AdminModelDetailT>(keys.model(model.modelo), (old) =>
        old ? { ...old, baja: result.baja } : old,
      );
      notify({
        color: 'sage',
        message: result.baja ? t('models.deactivated') : t('models.activated'),
      });
    },
    onError: (error) => notify({ color: 'red', message: errorText(error, t('models.bajaError')) }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
  const active = baja.isPending ? !baja.variables : !model.baja;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{t('modelEditor.title', { modelo: model.modelo })}</Title>
          <Text c="dimmed" size="sm">
            {localized(model, 'descripcion')}
          </Text>
          <Group gap={6} mt={6}>
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
          </Group>
        </div>
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
      </Group>
      <ModelForm model={model} />
      <ModelImages model={model} />
      <ModelGroups model={model} />
      <ModelCopy model={model} />
    </Stack>
  );
}
