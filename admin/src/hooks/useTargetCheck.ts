import { useDebouncedValue } from './useDebouncedValue';
import * as React from 'react';
import type { TargetCheck } from '../../../core/src/contracts';
import type { TargetSettings } from '../../../core/src/contracts';
import type { SettingsApi } from '../api/settings';
import { targetPartKey, type SettingsFormValues } from '../components/settings/form-values';
import { settingsErrorsFrom, type FieldErrors } from '../utils/fieldErrors';

export interface TargetCheckState {
  check: TargetCheck | null;
  /** Field errors of the target settings themselves (e.g. a malformed UID), from the server. */
  errors: FieldErrors;
  checking: boolean;
  failed: boolean;
}

const CHECK_DELAY_MS = 400;

/** Re-runs the server's target check whenever the target part of the form settles. */
export function useTargetCheck(
  api: SettingsApi,
  values: SettingsFormValues,
  initialCheck: TargetCheck
): TargetCheckState {
  const debouncedKey = useDebouncedValue(targetPartKey(values), CHECK_DELAY_MS);
  const [state, setState] = React.useState<TargetCheckState>({
    check: initialCheck,
    errors: {},
    checking: false,
    failed: false,
  });
  const firstRun = React.useRef(true);

  React.useEffect(() => {
    // The page arrives with the check of the loaded settings; only edits need a new one.
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    let current = true;
    setState((previous) => ({ ...previous, checking: true }));
    api.checkTarget(JSON.parse(debouncedKey) as TargetSettings).then(
      (check) => current && setState({ check, errors: {}, checking: false, failed: false }),
      (error: unknown) => {
        if (!current) return;
        const invalid = settingsErrorsFrom(error);
        setState({ check: null, errors: invalid?.fields ?? {}, checking: false, failed: !invalid });
      }
    );
    return () => {
      current = false;
    };
  }, [api, debouncedKey]);

  return state;
}
