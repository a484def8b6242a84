import { Notifications } from '@mantine/notifications';

/** The toasts (spec §9: bottom, 5000 ms); `Providers` loads this with the first one. */
export function ToastContainer() {
  return <Notifications position="bottom-center" autoClose={5000} />;
}
