import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Active / inactive, in shades dark enough for AA contrast on the light badge background. */
export function StateBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <Badge color={active ? 'sage.8' : 'gray.7'} variant="light">
      {active ? t('models.active') : t('models.inactive')}
    </Badge>
  );
}
