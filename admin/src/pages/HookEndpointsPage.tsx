import { Button, Flex, Typography } from '@strapi/design-system';
import { Plus } from '@strapi/icons';
import { Page } from '@strapi/strapi/admin';
import * as React from 'react';
import type {
  HookEndpointSecretResponse,
  HookEndpointsResponse,
  HookEndpointSummary,
} from '../../../core/src/hooks/endpoints-api';
import { hookEndpointsApi } from '../api/hook-endpoints';
import { PageLayout } from '../components/common/PageLayout';
import { FeedbackProvider, useFeedback } from '../components/feedback/FeedbackProvider';
import {
  createInputOf,
  emptyFormValues,
  formValuesOf,
  updateInputOf,
  type EndpointFormValues,
} from '../components/hooks/endpoint-form-values';
import { EndpointFormModal } from '../components/hooks/EndpointFormModal';
import { EndpointList } from '../components/hooks/EndpointList';
import { DeliveryInspector } from '../components/hooks/inspector/DeliveryInspector';
import { RevealedEndpointSecret } from '../components/hooks/RevealedEndpointSecret';
import { Section } from '../components/settings/Section';
import { useAdminApi } from '../hooks/useAdminApi';
import { usePermissions } from '../hooks/usePermissions';
import { useTranslate } from '../hooks/useTranslate';
import { PERMISSIONS } from '../permissions';
import { adminBackendUrl } from '../utils/serviceAddresses';
import { hookAddresses } from '../utils/hookAddresses';

type FormState =
  | { mode: 'create'; initial: EndpointFormValues }
  | { mode: 'edit'; id: string; initial: EndpointFormValues };
type Revealed = HookEndpointSecretResponse & { regenerated: boolean; graceSeconds: number };

/** Settings > Article Publisher > Webhook endpoints: one endpoint per service's custom webhook. */
const HookEndpoints = () => {
  const t = useTranslate();
  const notify = useFeedback();
  const api = useAdminApi(hookEndpointsApi);
  const allowed = usePermissions('regenerateSecrets', 'readActivity');
  const [page, setPage] = React.useState<HookEndpointsResponse | null>(null);
  const [failed, setFailed] = React.useState(false);
  const [form, setForm] = React.useState<FormState | null>(null);
  const [revealed, setRevealed] = React.useState<Revealed | null>(null);
  const [inspected, setInspected] = React.useState<HookEndpointSummary | null>(null);

  const reload = React.useCallback(() => api.list().then(setPage, () => setFailed(true)), [api]);
  React.useEffect(() => {
    void reload();
  }, [reload]);

  if (failed) return <Page.Error />;
  if (!page || !allowed) return <Page.Loading />;
  const canManage = allowed.canRegenerate;

  const submit = async (values: EndpointFormValues) => {
    if (form?.mode === 'edit') {
      await api.update(form.id, updateInputOf(values));
      notify({
        type: 'success',
        message: t('hooks.saved', '{name} was saved', { name: values.name.trim() }),
      });
    } else {
      const created = await api.create(createInputOf(values));
      setRevealed({ ...created, regenerated: false, graceSeconds: 0 });
      notify({ type: 'success', message: t('hooks.created', 'Webhook endpoint created') });
    }
    setForm(null);
    await reload();
  };

  // A failed action is said, and the list is read again either way: another admin may have changed it.
  const act = async (work: () => Promise<void>, failure: string) => {
    try {
      await work();
    } catch {
      notify({ type: 'danger', message: failure });
    }
    await reload();
  };
  const handlers = {
    ...(allowed.canRead ? { onInspect: (endpoint: HookEndpointSummary) => setInspected(endpoint) } : {}),
    onEdit: (endpoint: HookEndpointsResponse['endpoints'][number]) =>
      setForm({ mode: 'edit', id: endpoint.id, initial: formValuesOf(endpoint) }),
    onToggle: (endpoint: HookEndpointsResponse['endpoints'][number], enabled: boolean) =>
      act(
        async () => {
          await api.update(endpoint.id, { enabled });
        },
        t('hooks.toggleFailed', 'The endpoint could not be switched.')
      ),
    onRegenerate: (endpoint: HookEndpointsResponse['endpoints'][number], endPreviousNow: boolean) =>
      act(
        async () => {
          const result = await api.regenerate(endpoint.id, { endPreviousNow });
          setRevealed({ ...result, regenerated: true, graceSeconds: endPreviousNow ? 0 : page.graceSeconds });
        },
        t('hooks.regenerateFailed', 'No new secret could be generated.')
      ),
    onDelete: (endpoint: HookEndpointsResponse['endpoints'][number]) =>
      act(
        async () => {
          await api.remove(endpoint.id);
          if (revealed?.endpoint.id === endpoint.id) setRevealed(null);
          notify({
            type: 'success',
            message: t('hooks.deleted', '{name} was deleted', { name: endpoint.name }),
          });
        },
        t('hooks.deleteFailed', 'The endpoint could not be deleted.')
      ),
  };

  return (
    <>
      <PageLayout
        title={t('hooks.title', 'Webhook endpoints')}
        subtitle={t(
          'hooks.subtitle',
          "Receive an AI article service's own custom webhook: one endpoint per service, each with its URL and secret."
        )}
        primaryAction={
          canManage ? (
            <Button
              startIcon={<Plus />}
              onClick={() => setForm({ mode: 'create', initial: emptyFormValues() })}
            >
              {t('hooks.add', 'Add an endpoint')}
            </Button>
          ) : undefined
        }
      >
        <Flex direction="column" alignItems="stretch" gap={6}>
          {revealed && (
            <RevealedEndpointSecret
              endpoint={revealed.endpoint}
              secret={revealed.secret}
              addresses={hookAddresses(page, adminBackendUrl(), revealed.endpoint.id)}
              regenerated={revealed.regenerated}
              graceSeconds={revealed.graceSeconds}
            />
          )}
          <Section
            title={t('hooks.listTitle', 'Endpoints')}
            description={t(
              'hooks.listDescription',
              'Articles delivered to an endpoint go through the same publishing as the API and the signed webhook. A disabled endpoint answers as if it did not exist. Endpoints declared in the plugin config (webhookEndpoints) are shown read-only.'
            )}
            testId="hook-endpoints-card"
          >
            {!canManage && (
              <Typography textColor="neutral600" data-testid="hook-endpoints-no-permission">
                {t('hooks.noPermission', 'Your role may read the endpoints but not create or change them.')}
              </Typography>
            )}
            <EndpointList page={page} canManage={canManage} handlers={handlers} />
          </Section>
          {inspected && (
            <DeliveryInspector
              key={inspected.id}
              endpoint={inspected}
              canRerun={canManage}
              onClose={() => setInspected(null)}
            />
          )}
        </Flex>
      </PageLayout>
      {form && (
        <EndpointFormModal
          mode={form.mode}
          initial={form.initial}
          presets={page.presets}
          customFields={page.customFields}
          onSubmit={submit}
          onClose={() => setForm(null)}
        />
      )}
    </>
  );
};

const HookEndpointsPage = () => {
  const t = useTranslate();
  return (
    <Page.Protect permissions={PERMISSIONS.readSettings}>
      <Page.Main>
        <Page.Title>{t('hooks.title', 'Webhook endpoints')}</Page.Title>
        <FeedbackProvider>
          <HookEndpoints />
        </FeedbackProvider>
      </Page.Main>
    </Page.Protect>
  );
};

export default HookEndpointsPage;
