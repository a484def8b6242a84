import { notifications } from '@mantine/notifications';

/** The toast after a section is saved (spec §9: bottom, 5 seconds, set by the provider). */
export function notifySaved(message: string) {
  notifications.show({ color: 'teal', message });
}
