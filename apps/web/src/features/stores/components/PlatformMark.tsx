import type { StorePlatform } from '@despacho/domain';
import { Avatar } from '@mantine/core';
import { PLATFORMS } from '../platforms';

/** The platform's mark as we draw it; decorative, its name is written beside it. */
export function PlatformMark({ platform }: { platform: StorePlatform }) {
  const { color, initials } = PLATFORMS[platform];
  return (
    <Avatar radius="md" size={40} color="white" bg={color} aria-hidden="true">
      {initials}
    </Avatar>
  );
}
