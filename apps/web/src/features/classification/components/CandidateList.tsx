import type { ClassificationCandidate } from '@despacho/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCode } from '../../../lib/tariff-code';

/**
 * Codes proposed or found, each with why it matched (the words the Spanish full-text search
 * found, the trigram similarity, a code prefix, or a product of the organization classified with
 * it) and a button that puts it in the result.
 */
export function CandidateList({
  candidates,
  onUse,
  empty,
}: {
  candidates: readonly ClassificationCandidate[];
  onUse?: (code: string) => void;
  empty: string;
}) {
  const { t } = useTranslation('classification');
  if (candidates.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {candidates.map((candidate) => (
        <Group
          key={`${candidate.source}-${candidate.code}`}
          component="li"
          justify="space-between"
          wrap="nowrap"
          align="flex-start"
        >
          <Stack gap={2}>
            <Text fz="sm">
              <Text span fw={700} fz="sm">
                {formatCode(candidate.code)}
              </Text>{' '}
              {candidate.description}
            </Text>
            <Group gap={4}>
              <Badge size="xs" variant="light">
                {t('staff.score', { score: Math.round(candidate.score * 100) })}
              </Badge>
              {candidate.code_match && (
                <Badge size="xs" variant="outline">
                  {t('staff.why.code')}
                </Badge>
              )}
              {candidate.matched_words.length > 0 && (
                <Badge size="xs" variant="outline" tt="none">
                  {t('staff.why.words', { words: candidate.matched_words.join(', ') })}
                </Badge>
              )}
              {candidate.similarity > 0 && (
                <Badge size="xs" variant="outline" tt="none">
                  {t('staff.why.similarity', { value: Math.round(candidate.similarity * 100) })}
                </Badge>
              )}
              {candidate.product && (
                <Badge size="xs" variant="outline" color="grape" tt="none">
                  {t('staff.why.product', { product: candidate.product.name })}
                </Badge>
              )}
            </Group>
          </Stack>
          {onUse && (
            <Button
              size="xs"
              variant="light"
              style={{ flexShrink: 0 }}
              onClick={() => onUse(candidate.code)}
              aria-label={t('staff.useCode', { code: formatCode(candidate.code) })}
            >
              {t('staff.use')}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
