import { Anchor, Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Under a collection's title: its code and links to its other screens (not the one shown). */
export function CollectionLinks({
  id,
  code,
  current,
}: {
  id: number;
  code: string;
  current: 'edit' | 'models';
}) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <Group gap="xs" mt={4}>
      <Badge variant="light" color="gray">
        {code}
      </Badge>
      {current !== 'edit' && (
        <Anchor component={Link} to={`/modelo/coleccion/${id}`} size="sm">
          {t('collections.edit')}
        </Anchor>
      )}
      {current !== 'models' && (
        <Anchor component={Link} to={`/modelo/modeloscoleccion/${id}`} size="sm">
          {t('collections.viewModels')}
        </Anchor>
      )}
      <Anchor component={Link} to={`/modelo/grupos-coleccion/${id}`} size="sm">
        {t('collections.viewGroups')}
      </Anchor>
    </Group>
  );
}
