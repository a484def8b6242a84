import { Alert, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/useSession';
import { PageHeader } from '../../../ui/PageHeader';
import { ApiKeysPanel } from '../components/ApiKeysPanel';
import { GettingStarted } from '../components/GettingStarted';
import { WebhooksPanel } from '../components/WebhooksPanel';

const TABS = { keys: ApiKeysPanel, webhooks: WebhooksPanel, start: GettingStarted } as const;
type TabKey = keyof typeof TABS;
const TAB_KEYS = Object.keys(TABS) as TabKey[];

/** Who manages keys and webhooks; the API refuses anyone else (`API_KEY_MANAGERS_ONLY`). */
const MANAGERS: readonly (string | null)[] = ['owner', 'administrator'];

/**
 * `development`: the organization's API keys, its outgoing webhooks and how to start, one tab
 * each; `?tab=` keeps the open one across reloads.
 */
export function DevelopersPage() {
  const { t } = useTranslation('developers');
  const { t: nav } = useTranslation('navigation');
  const [params, setParams] = useSearchParams();
  const role = useSession()?.user.role ?? null;
  const active = TAB_KEYS.find((key) => key === params.get('tab')) ?? 'keys';
  const open = (tab: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab ?? active);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={nav('screens.development.title')}
        breadcrumbs={[
          { label: nav('modules.settings') },
          { label: nav('screens.development.title') },
        ]}
        subtitle={t('subtitle')}
      />
      {MANAGERS.includes(role) ? (
        <Tabs value={active} onChange={open} keepMounted={false}>
          <Tabs.List aria-label={t('tabsLabel')} mb="lg">
            {TAB_KEYS.map((key) => (
              <Tabs.Tab key={key} value={key}>
                {t(`tabs.${key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TAB_KEYS.map((key) => {
            const Panel = TABS[key];
            return (
              <Tabs.Panel key={key} value={key}>
                <Panel />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      ) : (
        <Alert color="blue" variant="light" maw={640}>
          {t('managersOnly')}
        </Alert>
      )}
    </>
  );
}
