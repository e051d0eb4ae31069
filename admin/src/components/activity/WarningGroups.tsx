import { Badge, Box, Flex, Typography } from '@strapi/design-system';
import * as React from 'react';
import type { ArticlePart, WarningGroup } from '../../../../core/src/warning-parts';
import { useTranslate, type Translate } from '../../hooks/useTranslate';
import { WRAPPING } from '../common/wrapping';

/** Each part of an article by its name on the page. */
export function partLabel(t: Translate, part: ArticlePart): string {
  return {
    title: t('activity.part.title', 'Title'),
    body: t('activity.part.body', 'Body'),
    inlineImages: t('activity.part.inlineImages', 'Inline images'),
    featuredImage: t('activity.part.featuredImage', 'Featured image'),
    summary: t('activity.part.summary', 'Summary'),
    categories: t('activity.part.categories', 'Categories'),
    tags: t('activity.part.tags', 'Tags and keywords'),
    seo: t('activity.part.seo', 'SEO'),
    jsonLd: t('activity.part.jsonLd', 'JSON-LD'),
    date: t('activity.part.date', 'Date'),
    author: t('activity.part.author', 'Author'),
    language: t('activity.part.language', 'Language'),
    otherFields: t('activity.part.otherFields', 'Other fields'),
    other: t('activity.part.other', 'Other'),
  }[part];
}

/** A delivery's warnings under the part of the article each is about. */
export const WarningGroups = ({ groups }: { groups: WarningGroup[] }) => {
  const t = useTranslate();
  return (
    <Box background="warning100" padding={3} hasRadius data-testid="warnings-list">
      <Flex direction="column" alignItems="stretch" gap={3}>
        {groups.map((group) => (
          <Flex
            key={group.part}
            direction="column"
            alignItems="stretch"
            gap={1}
            data-testid="warning-group"
            data-part={group.part}
          >
            <Typography variant="sigma" textColor="neutral700" tag="h4">
              {partLabel(t, group.part)}
            </Typography>
            <Flex direction="column" alignItems="stretch" gap={1} tag="ul">
              {group.warnings.map((warning, index) => (
                <Typography key={index} tag="li" textColor="neutral800" style={WRAPPING}>
                  {warning}
                </Typography>
              ))}
            </Flex>
          </Flex>
        ))}
      </Flex>
    </Box>
  );
};

/** The mark of a delivery that left out parts a field of its type could have taken. */
export const MappableMarker = ({ parts }: { parts: ArticlePart[] }) => {
  const t = useTranslate();
  if (!parts.length) return null;
  const names = parts.map((part) => partLabel(t, part)).join(', ');
  return (
    <Badge
      data-testid="mappable-marker"
      textColor="warning700"
      backgroundColor="warning100"
      title={t(
        'activity.mappable.hint',
        'A field of the content type could keep it: map it under Settings > Article Publisher > Target (the fields option).'
      )}
      style={WRAPPING}
    >
      {t('activity.mappable', 'Left out, could be mapped: {parts}', { parts: names })}
    </Badge>
  );
};
