import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useToggleFavorite } from '../../../lib/api/customers';

/** The star that marks a customer as favorite; it changes at once and calls the API. */
export function FavoriteStar({
  customer,
  name,
  size = 'md',
}: {
  customer: { id: string; is_favorite: boolean };
  name: string;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation('customers');
  const toggle = useToggleFavorite();
  const label = customer.is_favorite ? t('favorite.remove', { name }) : t('favorite.add', { name });
  return (
    <Tooltip label={customer.is_favorite ? t('favorite.isFavorite') : t('favorite.mark')}>
      <ActionIcon
        variant="subtle"
        color="yellow"
        size={size}
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          toggle.mutate(
            { id: customer.id, isFavorite: !customer.is_favorite },
            { onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }) },
          );
        }}
      >
        {customer.is_favorite ? <IconStarFilled size={20} /> : <IconStar size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
