import { Text, Title } from '@mantine/core';

/** The heading of a sign-in screen: its title (h1) and a dimmed line under it. */
export function AuthHeading({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div>
      <Title order={1} id={id} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {subtitle}
      </Text>
    </div>
  );
}
