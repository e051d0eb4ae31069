import type { PresetName } from './endpoints';

/**
 * One documented sample delivery per preset (issues #59 and #60), declared once: each preset's docs page
 * (docs/hooks/<preset>.md, "An example delivery") shows this payload, a unit test compares them, the docs'
 * recipe test sends it with the page's curl line, and the admin can run it as a dry run. Each is the
 * publish delivery its service documents, as the preset reads it; images are on https://cdn.example.com/
 * (the recipe test swaps that host out). Plain data: the admin bundle imports it.
 */
export interface PresetSample {
  /** The event the preset reads from the sample (`publish` for services that send none). */
  event: string;
  /** The JSON body the service sends. */
  payload: Record<string, unknown>;
  /** The endpoint options the sample needs to land (the Custom mapping); absent when none are needed. */
  options?: Record<string, unknown>;
}

export const PRESET_SAMPLES: Record<PresetName, PresetSample> = {
  contract: {
    event: 'article.published',
    payload: {
      event: 'article.published',
      timestamp: '2026-04-01T12:00:00Z',
      article_id: 1042,
      website_id: 17,
      website_name: 'Example Garden',
      title: 'How to Choose a Garden Hose',
      slug: 'how-to-choose-a-garden-hose',
      focus_keyword: 'garden hose',
      secondary_keywords: ['hose length', 'hose fittings'],
      html_content:
        '<h2>Length first</h2><p>Measure from the tap to the farthest corner you water, then add ten percent.</p><h2>Fittings</h2><p>Prefer brass fittings for anything you connect daily.</p>',
      meta_description:
        'How to choose a garden hose: the right length, the material that lasts, and the fittings worth paying for.',
      featured_image: 'https://cdn.example.com/garden-hose.jpg',
      featured_image_alt: 'Garden hose with a brass nozzle',
      category: 'Gardening',
      sub_category: 'Watering',
      schema_markup: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'How to Choose a Garden Hose',
      },
      target_status: 'publish',
    },
  },
  outrank: {
    event: 'publish_articles',
    payload: {
      event_type: 'publish_articles',
      timestamp: '2026-04-01T12:00:00Z',
      data: {
        articles: [
          {
            id: '123456',
            title: 'How to Implement Webhooks',
            slug: 'how-to-implement-webhooks',
            content_html:
              '<h2>What a webhook is</h2><p>Webhooks are a way for one app to tell another that something happened.</p>',
            meta_description: 'Learn how to implement webhooks step by step, with retries and signatures.',
            image_url: 'https://cdn.example.com/webhooks.jpg',
            tags: ['webhooks', 'api'],
          },
        ],
      },
    },
  },
  blogseo: {
    event: 'publish',
    payload: {
      article: {
        id: '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b',
        slug: 'best-running-shoes',
        title: 'The Best Running Shoes',
        content:
          '<h2>Our picks</h2><p>We tested forty pairs over three months of road and trail runs.</p><h2>How we tested</h2><p>Each pair ran at least 200 km.</p>',
        format: 'html',
        published_at: '2026-03-30T10:30:00.000Z',
        main_image_url: 'https://cdn.example.com/running-shoes.jpg',
        meta_description:
          'The running shoes we would buy again, after forty pairs and three months of testing.',
        keyword: 'best running shoes',
      },
      main_image: { url: 'https://cdn.example.com/running-shoes.jpg', alt: 'Running shoes on a track' },
      website: { id: 'site-1', baseUrl: 'https://blog.example.com' },
    },
  },
  seocraftai: {
    event: 'publish',
    payload: {
      event: 'publish',
      timestamp: '2026-04-01T09:00:00Z',
      article: {
        id: 'sc-901',
        title: 'Composting in Small Apartments',
        slug: 'composting-small-apartments',
        excerpt: 'Yes, you can compost without a garden.',
        content_markdown: '## Start small\n\nA bokashi bin fits under the sink.',
        content_html: '<h2>Start small</h2><p>A bokashi bin fits under the sink.</p>',
        format: 'html',
        images: ['https://cdn.example.com/bokashi-bin.jpg'],
        seo: {
          meta_title: 'Apartment Composting Guide',
          meta_description:
            'How to compost in a small apartment: bokashi bins, worm bins and what to put in them.',
          keywords: ['apartment composting', 'bokashi'],
        },
        published_at: '2026-04-01T09:00:00Z',
        main_image_url: 'https://cdn.example.com/bokashi-bin.jpg',
      },
      main_image: {
        url: 'https://cdn.example.com/bokashi-bin.jpg',
        alt: 'A bokashi bin under a kitchen sink',
      },
      website: { id: 'w-1', baseUrl: 'https://blog.example.com' },
    },
  },
  seoladders: {
    event: 'publish',
    payload: {
      id: '2b7c9d1e-0f4a-4b8c-9d2e-3f4a5b6c7d8e',
      title: 'How Solar Panels Work',
      meta_title: 'How Do Solar Panels Work? A Plain Guide',
      slug: 'how-solar-panels-work',
      meta_description:
        'Photons in, electrons out: how solar panels turn sunlight into power, in plain words.',
      content_markdown: '## Photons in\n\nSunlight knocks electrons loose.',
      content_html: '<h2>Photons in</h2><p>Sunlight knocks electrons loose.</p>',
      keyword: 'how solar panels work',
      article_type: 'guide',
      word_count: 1847,
      reading_time: 9,
      featured_image: { url: 'https://cdn.example.com/solar-panels.jpg', alt: 'Solar panels on a roof' },
      faq: [{ question: 'Do panels work on cloudy days?', answer: 'Yes, at a lower output.' }],
      json_ld: { '@context': 'https://schema.org', '@type': 'Article', headline: 'How Solar Panels Work' },
      created_at: '2026-04-01T08:00:00Z',
      generated_at: '2026-04-01T08:00:00Z',
    },
  },
  rankpill: {
    event: 'publish',
    payload: {
      title: 'Ten Houseplants That Survive Anything',
      content_html: '<h2>Snake plant</h2><p>It thrives on neglect and low light.</p>',
      content_markdown: '## Snake plant\n\nIt thrives on neglect and low light.',
      slug: 'houseplants-that-survive-anything',
      meta_description:
        'Ten houseplants for people who forget to water them, from the snake plant to the ZZ plant.',
      status: 'published',
      featured_image: 'https://cdn.example.com/houseplants.jpg',
      published_url: 'https://blog.example.com/blog/houseplants-that-survive-anything',
      scheduled_date: null,
      published_at: '2026-04-01T10:00:00Z',
      is_republish: false,
      test: false,
    },
  },
  ranksector: {
    event: 'content_publish',
    payload: {
      event_type: 'content_publish',
      title: "A Beginner's Guide to Sourdough",
      slug: 'beginners-guide-sourdough',
      status: 'published',
      content_html: '<h2>The starter</h2><p>Flour, water and patience.</p>',
      content_markdown: '## The starter\n\nFlour, water and patience.',
      meta_title: 'Sourdough for Beginners',
      meta_description: 'Bake your first sourdough loaf: the starter, the dough and the bake, step by step.',
      created_at: '2026-04-01T07:00:00Z',
      featured_image: 'https://cdn.example.com/sourdough-loaf.jpg',
      tags: ['baking', 'sourdough'],
    },
  },
  getmywebrank: {
    event: 'publish',
    payload: {
      title: 'Choosing a Standing Desk',
      slug: 'choosing-a-standing-desk',
      content_md: '## Height range\n\nMeasure your elbow height first.',
      content_html: '<h2>Height range</h2><p>Measure your elbow height first.</p>',
      excerpt: 'What to check before you buy a standing desk: height range, stability and the motor.',
      cover_image_url: 'https://cdn.example.com/standing-desk.jpg',
      primary_keyword: 'standing desk',
      secondary_keywords: ['ergonomic desk', 'sit stand desk'],
      llm_faq: [
        { question: 'Is a standing desk worth it?', answer: 'If you alternate sitting and standing, yes.' },
      ],
      schema_article_jsonld:
        '{"@context":"https://schema.org","@type":"Article","headline":"Choosing a Standing Desk"}',
      schema_faq_jsonld:
        '{"@context":"https://schema.org","@type":"FAQPage","mainEntity":[{"@type":"Question","name":"Is a standing desk worth it?","acceptedAnswer":{"@type":"Answer","text":"If you alternate sitting and standing, yes."}}]}',
    },
  },
  citeflow: {
    event: 'article.published',
    payload: {
      event: 'article.published',
      tenant: { id: 't-1', domain: 'blog.example.com' },
      article: {
        id: '4e8f2a1c-9b3d-4c5e-8f6a-7b8c9d0e1f2a',
        title: 'Local Citations Explained',
        slug: 'local-citations-explained',
        body_html: '<h2>Why citations matter</h2><p>Search engines read them to trust your address.</p>',
        body_md: '## Why citations matter\n\nSearch engines read them to trust your address.',
        excerpt: 'Local citations, explained.',
        meta_description: 'What local citations are, where to get them and why they matter for local search.',
        hero_image_url: 'https://cdn.example.com/map-pins.jpg',
        hero_image_alt: 'A map with pins',
        target_keywords: ['local citations', 'local seo'],
        faq_items: [{ question: 'What is a citation?', answer: 'A mention of your business online.' }],
        schema_json: {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: 'Local Citations Explained',
        },
        canonical_url: null,
        word_count: 1200,
      },
    },
  },
  babylovegrowth: {
    event: 'publish',
    payload: {
      id: 10,
      title: 'Baby Sleep Schedules by Age',
      slug: 'baby-sleep-schedules-by-age',
      metaDescription: 'How much sleep babies need, month by month, from newborns to toddlers.',
      content_html: '<h2>Newborns</h2><p>Newborns sleep up to 17 hours a day.</p>',
      heroImageUrl: 'https://cdn.example.com/sleep.jpg',
      languageCode: 'en',
    },
  },
  arvow: {
    event: 'publish',
    payload: {
      id: '12345',
      title: 'Ten Tips for Better Coffee at Home',
      content: '<h2>Grind fresh</h2><p>Grind right before you brew.</p>',
      content_markdown: '## Grind fresh\n\nGrind right before you brew.',
      tags: ['coffee', 'brewing'],
      thumbnail: 'https://cdn.example.com/pour-over.jpg',
      thumbnail_alt_text: 'A pour-over coffee',
      metadescription: 'Simple changes for better coffee at home, from the grind to the water temperature.',
      keyword_seed: 'better coffee at home',
      language_code: 'en',
      campaign_id: 'c-1',
      campaign_name: 'Coffee',
      batch_id: 'b-1',
    },
  },
  journalist: {
    event: 'publish',
    payload: {
      id: '67890',
      title: 'How to Start a Podcast',
      content: '<h2>Pick a format</h2><p>Interview or solo: decide first.</p>',
      content_markdown: '## Pick a format\n\nInterview or solo: decide first.',
      tags: ['podcasting'],
      thumbnail: 'https://cdn.example.com/microphone.jpg',
      thumbnail_alt_text: 'A microphone',
      metadescription: 'Start a podcast in a weekend: the format, the gear and where to publish it.',
      keyword_seed: 'start a podcast',
      language_code: 'en',
    },
  },
  seogrove: {
    event: 'content.published',
    payload: {
      event: 'content.published',
      timestamp: '2026-04-01T12:00:00Z',
      site: { host: 'blog.example.com', url: 'https://blog.example.com', locale: 'en' },
      content: {
        id: 42,
        title: 'Kayaking for Beginners',
        slug: 'kayaking-for-beginners',
        canonical_path: '/blog/kayaking-for-beginners',
        html: '<h2>Pick a calm lake</h2><p>Start where there is no current.</p>',
        markdown: '## Pick a calm lake\n\nStart where there is no current.',
        excerpt: 'Your first day on the water.',
        featured_image_url: 'https://cdn.example.com/kayak.jpg',
        featured_image_alt: 'A kayak on a lake',
        content_type: 'article',
        published_at: '2026-04-01T12:00:00Z',
        word_count: 900,
        primary_keyword: 'kayaking for beginners',
        seo_title: 'Kayaking for Beginners: A First-Day Guide',
        seo_description: 'Your first day in a kayak: where to paddle, what to wear and how to get back in.',
      },
    },
  },
  ranket: {
    event: 'article.published',
    payload: {
      event: 'article.published',
      delivery_id: 'dlv_01',
      timestamp: '2026-04-01T12:00:00Z',
      brand: { id: 'b-1', domain: 'blog.example.com', name: 'Example' },
      article: {
        id: 'rk-77',
        title: 'Budget Travel in Portugal',
        metaTitle: 'Portugal on a Budget',
        metaDescription: 'See Portugal for less: regional trains, pastries and the museums that are free.',
        slug: 'budget-travel-portugal',
        excerpt: 'Trains, pastries and free museums.',
        bodyMarkdown: '## Trains\n\nThe regional trains are cheap.',
        bodyHtml: '<h2>Trains</h2><p>The regional trains are cheap.</p>',
        faq: [{ question: 'When is it cheapest?', answer: 'November to March.' }],
        images: [{ url: 'https://cdn.example.com/lisbon-tram.jpg', alt: 'Lisbon tram', position: 'hero' }],
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: 'Budget Travel in Portugal',
        },
        wordCount: 1500,
      },
    },
  },
  earlyseo: {
    event: 'article.published',
    payload: {
      event: 'article.published',
      siteId: 'site-9',
      article: {
        id: 'es-5',
        title: 'Email Subject Lines That Get Opened',
        slug: 'email-subject-lines',
        metaDescription: 'Write email subject lines people open: keep them short, specific and honest.',
        contentRawHtml: '<h2>Keep it short</h2><p>Under fifty characters works best.</p>',
        contentCss: '.article h2{margin-top:2em}',
        tags: ['email', 'marketing'],
        publishedAt: '2026-04-01T12:00:00Z',
      },
    },
  },
  custom: {
    event: 'post.ready',
    payload: {
      kind: 'post.ready',
      payload: {
        posts: [
          {
            ref: { uid: 'cx-1' },
            headline: 'Growing Tomatoes on a Balcony',
            summary:
              'Pots, sun and watering for a balcony harvest of tomatoes, from seed to the first fruit.',
            body: { rendered: '<h2>Pots</h2><p>Use at least twenty litres of soil per plant.</p>' },
            media: [{ src: 'https://cdn.example.com/tomatoes.jpg', caption: 'Tomatoes in pots' }],
            labels: [{ name: 'gardening' }, { name: 'balcony' }],
          },
        ],
      },
    },
    options: {
      auth: { kind: 'header', header: 'X-Custom-Token' },
      articles: 'payload.posts',
      event: 'kind',
      testEvents: ['post.test'],
      fields: {
        externalId: 'ref.uid',
        title: 'headline',
        html: 'body.rendered',
        metaDescription: 'summary',
        imageUrl: 'media[0].src',
        imageAlt: 'media[0].caption',
        tags: 'labels[].name',
      },
    },
  },
};
