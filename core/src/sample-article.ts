import type { PublishRequestInput } from './publish-request';

/**
 * The article the admin's "Preview with a sample article" dry-runs: a little of everything the
 * service sends (headings, list, quote, image, video, JSON-LD, category and sub-category, keywords).
 * Its image addresses are never fetched: the preview is a dry run.
 */
export const SAMPLE_ARTICLE: PublishRequestInput = {
  title: 'How to Water a Vegetable Garden in Summer',
  slug: 'article-publisher-sample-how-to-water-a-vegetable-garden',
  status: 'publish',
  content: [
    '<h2>Water early, water deep</h2>',
    '<p>Most vegetables need about <strong>2.5 cm of water a week</strong>, more in a heat wave. Water in the early morning so the leaves dry before the sun is high.</p>',
    '<figure><img src="https://images.example.com/sample/watering-can.jpg" alt="A watering can among tomato plants"><figcaption>Water the soil, not the leaves.</figcaption></figure>',
    '<h3>What to check</h3>',
    '<ul><li>The soil 5 cm down: dry means water.</li><li>Wilting at noon that recovers by evening is normal.</li></ul>',
    '<blockquote><p>A deep soak twice a week beats a sprinkle every day.</p></blockquote>',
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>',
    '<p>Read more in our <a href="https://www.example.com/blog/mulching">guide to mulching</a>.</p>',
  ].join('\n'),
  focus_keyword: 'watering vegetables',
  meta_description:
    'When and how much to water a vegetable garden in summer: early-morning deep watering, what to check in the soil, and why mulch helps.',
  featured_image: 'https://images.example.com/sample/vegetable-garden.jpg',
  featured_image_alt: 'A vegetable garden in the morning sun',
  json_ld_schema:
    '{"@context":"https://schema.org","@type":"Article","headline":"How to Water a Vegetable Garden in Summer"}',
  category: 'Gardening',
  sub_category: 'Watering',
};
