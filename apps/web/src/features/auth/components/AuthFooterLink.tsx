import { Text } from '@mantine/core';
import { AuthLink } from '../navigation';

/** The line under an auth form that leads to the neighbouring screen. */
export function AuthFooterLink({ text, to, label }: { text?: string; to: string; label: string }) {
  return (
    <Text ta="center" fz="sm">
      {text && `${text} `}
      <AuthLink to={to} fw={600}>
        {label}
      </AuthLink>
    </Text>
  );
}
