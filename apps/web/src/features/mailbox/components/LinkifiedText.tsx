import { Anchor, Text } from '@mantine/core';

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text whose URLs are clickable — sign-up and recovery links in the sandbox mailbox. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        // split() with a capture group puts the matches at odd positions.
        index % 2 === 1 ? (
          <Anchor key={index} href={part}>
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}
