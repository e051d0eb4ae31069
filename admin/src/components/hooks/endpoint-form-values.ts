import type { PresetName } from '../../../../core/src/hooks/endpoints';
import type {
  CreateHookEndpointInput,
  HookEndpointSummary,
  UpdateHookEndpointInput,
} from '../../../../core/src/hooks/endpoints-api';

export type CustomAuthKind = 'bearer' | 'header' | 'hmac' | 'none';
export type SignatureFormat = 'either' | 'hex' | 'sha256=';

/** The endpoint form's state: every preset's options side by side, only the chosen preset's are sent. */
export interface EndpointFormValues {
  name: string;
  preset: PresetName;
  /** The status of an article whose payload names none; '' is the site's default status. */
  status: '' | 'draft' | 'publish' | 'pending';
  /** BlogSEO's custom header, SEOcraftAI's header (auth "header"), or Custom's header. */
  header: string;
  seocraftaiAuth: 'bearer' | 'header' | 'none';
  rankpillAuth: 'signature' | 'bearer';
  signatureHeader: string;
  customAuth: CustomAuthKind;
  customFormat: SignatureFormat;
  articles: string;
  event: string;
  /** Comma-separated event names answered as tests. */
  testEvents: string;
  fields: Record<string, string>;
  /** A secret the service gave (create only); '' to have one generated. */
  secret: string;
  allowUnauthenticated: boolean;
}

export const emptyFormValues = (preset: PresetName = 'outrank'): EndpointFormValues => ({
  name: '',
  preset,
  status: '',
  header: '',
  seocraftaiAuth: 'bearer',
  rankpillAuth: 'signature',
  signatureHeader: '',
  customAuth: 'bearer',
  customFormat: 'either',
  articles: '',
  event: '',
  testEvents: '',
  fields: {},
  secret: '',
  allowUnauthenticated: false,
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** An existing endpoint's form (to edit its name and options). */
export function formValuesOf(endpoint: HookEndpointSummary): EndpointFormValues {
  const options = endpoint.options;
  const auth = record(options.auth);
  const status = text(options.status);
  return {
    ...emptyFormValues(endpoint.preset),
    name: endpoint.name,
    status: status === 'draft' || status === 'publish' || status === 'pending' ? status : '',
    header: text(options.header) || text(auth.header),
    seocraftaiAuth: options.auth === 'header' || options.auth === 'none' ? options.auth : 'bearer',
    rankpillAuth: options.auth === 'bearer' ? 'bearer' : 'signature',
    signatureHeader: text(options.signatureHeader),
    customAuth:
      (['bearer', 'header', 'hmac', 'none'] as const).find((kind) => kind === auth.kind) ?? 'bearer',
    customFormat:
      (['either', 'hex', 'sha256='] as const).find((format) => format === auth.format) ?? 'either',
    articles: text(options.articles),
    event: text(options.event),
    testEvents: Array.isArray(options.testEvents) ? options.testEvents.join(', ') : '',
    fields: Object.fromEntries(
      Object.entries(record(options.fields)).map(([field, path]) => [field, text(path)])
    ),
    allowUnauthenticated: endpoint.unauthenticated,
  };
}

/** Whether the chosen options leave the endpoint without auth (the URL its only secret). */
export function isUnauthenticated(values: EndpointFormValues): boolean {
  return (
    (values.preset === 'seocraftai' && values.seocraftaiAuth === 'none') ||
    (values.preset === 'custom' && values.customAuth === 'none')
  );
}

const present = (value: string) => (value.trim() ? value.trim() : undefined);
/** Only the keys with a value, so an empty field is not sent as an empty option. */
const compact = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

function customAuthOf(values: EndpointFormValues) {
  switch (values.customAuth) {
    case 'header':
      return { kind: 'header', header: values.header.trim() };
    case 'hmac':
      return { kind: 'hmac', header: values.header.trim(), format: values.customFormat };
    default:
      return { kind: values.customAuth };
  }
}

/** The options the chosen preset takes, from the form. */
export function optionsOf(values: EndpointFormValues): Record<string, unknown> {
  const common = { status: values.status || undefined };
  switch (values.preset) {
    case 'blogseo':
      return compact({ ...common, header: present(values.header) });
    case 'seocraftai':
      return compact({
        ...common,
        auth: values.seocraftaiAuth,
        header: values.seocraftaiAuth === 'header' ? values.header.trim() : undefined,
      });
    case 'rankpill':
      return compact({ ...common, auth: values.rankpillAuth });
    case 'ranksector':
      return compact({ ...common, signatureHeader: present(values.signatureHeader) });
    case 'custom': {
      const testEvents = values.testEvents
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      return compact({
        ...common,
        auth: customAuthOf(values),
        articles: present(values.articles),
        event: present(values.event),
        testEvents: testEvents.length ? testEvents : undefined,
        fields: compact(
          Object.fromEntries(Object.entries(values.fields).map(([field, path]) => [field, present(path)]))
        ),
      });
    }
    default:
      return compact(common);
  }
}

export function createInputOf(values: EndpointFormValues): CreateHookEndpointInput {
  return {
    name: values.name.trim(),
    preset: values.preset,
    options: optionsOf(values),
    ...(values.secret.trim() ? { secret: values.secret.trim() } : {}),
    ...(isUnauthenticated(values) ? { allowUnauthenticated: values.allowUnauthenticated } : {}),
  };
}

export function updateInputOf(values: EndpointFormValues): UpdateHookEndpointInput {
  return {
    name: values.name.trim(),
    options: optionsOf(values),
    ...(isUnauthenticated(values) ? { allowUnauthenticated: values.allowUnauthenticated } : {}),
  };
}
