import type { Translate } from '../hooks/useTranslate';

/** What each door an article can come through is called (a delivery's source, a refusal's door). */
export const sourceLabels = (t: Translate) => ({
  api: t('source.api', 'API'),
  webhook: t('source.webhook', 'Webhook'),
  wordpress: t('source.wordpress', 'WordPress API'),
  hook: t('source.hook', 'Custom webhook'),
  mcp: t('source.mcp', 'AI agent (MCP)'),
});

/** What each status an article can be given is called. */
export const statusLabels = (t: Translate) => ({
  draft: t('status.draft', 'Draft'),
  publish: t('status.publish', 'Published'),
  pending: t('status.pending', 'Pending review'),
  future: t('status.future', 'Scheduled'),
});

/** Some of `labels` as [value, label] choices, in the order given. */
export const choicesOf = <Key extends string>(
  labels: Record<Key, string>,
  order: readonly Key[]
): [string, string][] => order.map((key) => [key, labels[key]]);

/** Some of `labels` as a select's options, in the order given. */
export const optionsOf = <Key extends string>(labels: Record<Key, string>, order: readonly Key[]) =>
  order.map((value) => ({ value, label: labels[value] }));
