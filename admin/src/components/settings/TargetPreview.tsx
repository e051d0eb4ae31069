import { Box, Button, Flex, Typography } from '@strapi/design-system';
import * as React from 'react';
import type { TargetSettings } from '../../../../core/src/contracts';
import type { DryRunResponse } from '../../../../core/src/dry-run';
import type { SettingsApi } from '../../api/settings';
import { useTranslate } from '../../hooks/useTranslate';

interface TargetPreviewProps {
  api: SettingsApi;
  /** The target part of the form, unsaved: the preview shows what these settings would do. */
  target: TargetSettings;
}

/** "Preview with a sample article": a dry run into the target as the form sets it; nothing is written. */
export const TargetPreview = ({ api, target }: TargetPreviewProps) => {
  const t = useTranslate();
  const [preview, setPreview] = React.useState<DryRunResponse | null>(null);
  const [failed, setFailed] = React.useState<string | null>(null);
  const [running, setRunning] = React.useState(false);

  const run = async () => {
    setRunning(true);
    try {
      setPreview(await api.previewTarget(target));
      setFailed(null);
    } catch (error) {
      setPreview(null);
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Flex direction="column" alignItems="stretch" gap={2} data-testid="target-preview">
      <Box>
        <Button variant="secondary" loading={running} onClick={run}>
          {t('settings.target.preview', 'Preview with a sample article')}
        </Button>
      </Box>
      {failed && <Typography textColor="danger600">{failed}</Typography>}
      {preview && (
        <Box background="neutral100" padding={3} hasRadius>
          <Typography variant="pi" tag="pre" style={{ whiteSpace: 'pre-wrap' }}>
            {JSON.stringify(
              {
                values: preview.values,
                categories: preview.categories,
                tags: preview.tags,
                warnings: preview.warnings,
              },
              null,
              2
            )}
          </Typography>
        </Box>
      )}
    </Flex>
  );
};
