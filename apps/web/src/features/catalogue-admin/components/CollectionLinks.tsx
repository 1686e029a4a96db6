import { Anchor, Badge, Group } from '@mantine/core';
import { IconAdjustments, IconBox, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLinks } from '../../../components/IconAction.tsx';

/**
 * A collection's screens, in the order their links show: the path under /modelo/ (the collection's
 * id follows), the icon of its row action, and its texts under `collections.`: the link's, and the
 * action's spoken name (naming the collection).
 */
const SCREENS = {
  edit: { path: 'coleccion', icon: IconPencil, text: 'edit', named: 'editFor' },
  models: { path: 'modeloscoleccion', icon: IconBox, text: 'viewModels', named: 'modelsFor' },
  groups: { path: 'grupos-coleccion', icon: IconAdjustments, text: 'viewGroups', named: 'groupsFor' },
} as const;

type Screen = keyof typeof SCREENS;
const ALL_SCREENS = Object.keys(SCREENS) as Screen[];

const screenPath = (screen: Screen, id: number) => `/modelo/${SCREENS[screen].path}/${id}`;

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
      {ALL_SCREENS.filter((screen) => screen !== current).map((screen) => (
        <Anchor key={screen} component={Link} to={screenPath(screen, id)} size="sm">
          {t(`collections.${SCREENS[screen].text}`)}
        </Anchor>
      ))}
    </Group>
  );
}

/** A collection's row actions in the list: an icon link to each of its screens. */
export function CollectionActions({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <IconLinks
      links={ALL_SCREENS.map((screen) => ({
        to: screenPath(screen, id),
        icon: SCREENS[screen].icon,
        tooltip: t(`collections.${SCREENS[screen].text}`),
        label: t(`collections.${SCREENS[screen].named}`, { name }),
      }))}
    />
  );
}
