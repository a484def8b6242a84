import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeWords, figureChange } from '../figure-change';

const ICONS = {
  up: IconArrowUpRight,
  down: IconArrowDownRight,
  flat: IconMinus,
  new: IconArrowUpRight,
};
const COLORS = { up: 'teal.9', down: 'red.8', flat: 'dimmed', new: 'dimmed' };

/** The change against the previous period: an arrow and words, colour only repeating them. */
export function FigureChangeText({ current, previous }: { current: number; previous: number }) {
  const { t } = useTranslation('dashboard');
  const change = figureChange(current, previous);
  const Icon = ICONS[change.direction];
  const words = changeWords(change);
  return (
    <Group gap={4} wrap="nowrap" c={COLORS[change.direction]}>
      <Icon size={16} aria-hidden />
      <Text fz="sm" c="inherit">
        {t(`change.${words.key}`, { percent: words.percent })}
      </Text>
    </Group>
  );
}
