import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The line under an auth form that leads to the neighbouring screen. */
export function AuthFooterLink({ text, to, label }: { text?: string; to: string; label: string }) {
  return (
    <Text ta="center" fz="sm">
      {text && `${text} `}
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
    </Text>
  );
}
