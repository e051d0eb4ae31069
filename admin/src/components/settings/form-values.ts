import type { EditableSettings } from '../../../../core/src/contracts';
import { TARGET_SETTING_KEYS } from '../../../../core/src/settings-keys';

export type ImageLimit = keyof EditableSettings['images'];

/** The form's state: like EditableSettings, but a cleared number is null until it is fixed. */
export interface SettingsFormValues extends Omit<EditableSettings, 'images'> {
  images: Record<ImageLimit, number | null>;
}

export const IMAGE_LIMITS: ImageLimit[] = [
  'maxBytes',
  'timeoutMs',
  'maxPixels',
  'maxRedirects',
  'concurrency',
  'maxInlineImages',
];

export const toFormValues = (settings: EditableSettings): SettingsFormValues => ({
  ...settings,
  images: { ...settings.images },
});

/**
 * What PUT /settings receives. Empty lines of the video host list are dropped; a cleared number goes
 * as null so the server names the field.
 */
export const toRequestBody = (values: SettingsFormValues) => ({
  ...values,
  videoEmbedHosts: values.videoEmbedHosts.map((host) => host.trim()).filter(Boolean),
});

/** A value with object keys sorted, so two settings compare equal whatever order their keys were set in. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])])
        )
      : value;

/** Whether saving these form values would change nothing (compared as PUT /settings would receive them). */
export const sameSettings = (values: SettingsFormValues, saved: EditableSettings) =>
  JSON.stringify(canonical(toRequestBody(values))) ===
  JSON.stringify(canonical(toRequestBody(toFormValues(saved))));

/** The part of the form the live target check looks at, as a stable string to debounce on. */
export const targetPartKey = (values: SettingsFormValues) =>
  JSON.stringify(Object.fromEntries(TARGET_SETTING_KEYS.map((key) => [key, values[key]])));

/** Props every section of the settings form takes. */
export interface SectionProps {
  values: SettingsFormValues;
  defaults: EditableSettings;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (values: SettingsFormValues) => void;
}
