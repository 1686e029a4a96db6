import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Active / inactive. The text colour is set apart: Mantine's light variant draws a shade above 6 in
 * shade 6 (sage.6, gray.6: about 3:1 on the badge), so sage.9 and gray.8 keep AA contrast.
 */
export function StateBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <Badge color={active ? 'sage' : 'gray'} c={active ? 'sage.9' : 'gray.8'} variant="light">
      {active ? t('models.active') : t('models.inactive')}
    </Badge>
  );
}
