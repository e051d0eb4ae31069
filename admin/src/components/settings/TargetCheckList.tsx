import { Box, Flex, Loader, Typography } from '@strapi/design-system';
import { CheckCircle, WarningCircle, CrossCircle } from '@strapi/icons';
import * as React from 'react';
import type { TargetCheckState } from '../../hooks/useTargetCheck';
import { useTranslate } from '../../hooks/useTranslate';

const Problem = ({ kind, text }: { kind: 'fatal' | 'degraded'; text: string }) => (
  <Flex gap={2} alignItems="flex-start" tag="li" data-testid={`target-${kind}`}>
    <Box paddingTop="2px" color={kind === 'fatal' ? 'danger600' : 'warning600'}>
      {kind === 'fatal' ? <CrossCircle fill="danger600" /> : <WarningCircle fill="warning600" />}
    </Box>
    <Typography textColor={kind === 'fatal' ? 'danger700' : 'neutral800'}>{text}</Typography>
  </Flex>
);

/** An explanation under the verdict: what it says, then what it lists or quotes. */
const CheckNote = ({
  testId,
  text,
  textColor,
  children,
}: {
  testId: string;
  text: string;
  textColor: 'neutral600' | 'neutral800';
  children: React.ReactNode;
}) => (
  <Box data-testid={testId}>
    <Typography textColor={textColor}>{text}</Typography>
    {children}
  </Box>
);

/** A note's list of lines. */
const NoteLines = ({ lines }: { lines: string[] }) => (
  <Flex direction="column" alignItems="stretch" gap={1} tag="ul">
    {lines.map((text) => (
      <Typography key={text} tag="li" textColor="neutral800">
        {text}
      </Typography>
    ))}
  </Flex>
);

/** Each role's candidates as one line: the role as `fields` names it, then its fields, the chosen one first. */
const candidateLines = (candidates: Partial<Record<string, string[]>>) =>
  Object.entries(candidates).flatMap(([role, fields]) =>
    fields && fields.length > 1 ? [`${role}: ${fields.join(', ')}`] : []
  );

/** The live check's verdict: what cannot work (fatal), what will be lost (degraded), or all clear. */
export const TargetCheckList = ({ state }: { state: TargetCheckState }) => {
  const t = useTranslate();
  const { check } = state;
  return (
    <Box background="neutral100" padding={4} hasRadius data-testid="target-check">
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Flex gap={2}>
          <Typography variant="sigma" textColor="neutral600">
            {t('settings.target.check.title', 'Live check')}
          </Typography>
          {state.checking && <Loader small>{t('settings.target.check.running', 'Checking…')}</Loader>}
        </Flex>
        {state.failed && (
          <Typography textColor="danger700">
            {t('settings.target.check.failed', 'The check could not run.')}
          </Typography>
        )}
        {!check && !state.failed && (
          <Typography textColor="neutral600">
            {t('settings.target.check.invalid', 'Fix the fields marked above to check the target.')}
          </Typography>
        )}
        {check && check.fatal.length + check.degraded.length === 0 && (
          <Flex gap={2}>
            <CheckCircle fill="success600" />
            <Typography textColor="success700" data-testid="target-ok">
              {t('settings.target.check.ok', 'The target can receive articles with every feature.')}
            </Typography>
          </Flex>
        )}
        {check && check.fatal.length > 0 && (
          <Typography fontWeight="bold" textColor="danger700">
            {t('settings.target.check.fatal', 'Nothing can be published until this is fixed:')}
          </Typography>
        )}
        {check && (
          <Flex direction="column" alignItems="stretch" gap={1} tag="ul">
            {check.fatal.map((text) => (
              <Problem key={text} kind="fatal" text={text} />
            ))}
            {check.degraded.map((text) => (
              <Problem key={text} kind="degraded" text={text} />
            ))}
          </Flex>
        )}
        {check?.choices && check.choices.length > 0 && (
          <CheckNote
            testId="target-choices"
            textColor="neutral600"
            text={t(
              'settings.target.check.choices',
              'Chosen by their shape (no field name says so); set Fields to choose others:'
            )}
          >
            <NoteLines lines={check.choices} />
          </CheckNote>
        )}
        {check?.candidates && candidateLines(check.candidates).length > 0 && (
          <CheckNote
            testId="target-candidates"
            textColor="neutral600"
            text={t(
              'settings.target.check.candidates',
              'Fields that could each take a role (the one used first); choose another under Fields:'
            )}
          >
            <NoteLines lines={candidateLines(check.candidates)} />
          </CheckNote>
        )}
        {check?.suggestedDefaults && (
          <CheckNote
            testId="target-suggested-defaults"
            textColor="neutral800"
            text={t(
              'settings.target.check.suggestedDefaults',
              "Give these required fields a value in the plugin's config (config/plugins.js, article-publisher config):"
            )}
          >
            <Box background="neutral0" padding={2} marginTop={1} hasRadius>
              <Typography tag="code" fontWeight="semiBold" style={{ fontFamily: 'monospace' }}>
                {check.suggestedDefaults}
              </Typography>
            </Box>
          </CheckNote>
        )}
      </Flex>
    </Box>
  );
};
