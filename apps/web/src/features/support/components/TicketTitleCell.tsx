import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A ticket in a list (the merchant's and the helpdesk queue): its number as the link, its title. */
export function TicketTitleCell({
  to,
  number,
  title,
}: {
  to: string;
  number: number;
  title: string;
}) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={to} fw={600} fz="sm">
        #{number}
      </Anchor>
      <Text fz="xs" c="dimmed" lineClamp={1}>
        {title}
      </Text>
    </Stack>
  );
}
